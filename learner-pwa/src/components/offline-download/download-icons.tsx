// The download states as icons (decorative: the text beside each says the same).
import type { DownloadState } from '../../offline/db';

const common = {
  viewBox: '0 0 24 24',
  width: 18,
  height: 18,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export function DownloadStateIcon({ state }: { state: DownloadState | null }) {
  switch (state) {
    case 'complete':
      return (
        <svg {...common} className="offline-icon offline-icon--done">
          <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
          <path d="M8 9.5l3 3 5.5-6" strokeWidth={2.4} />
        </svg>
      );
    case 'error':
      return (
        <svg {...common} className="offline-icon offline-icon--error">
          <path d="M12 3.5l9 16H3z" />
          <path d="M12 10v4M12 17h.01" />
        </svg>
      );
    case 'paused':
      return (
        <svg {...common} className="offline-icon">
          <path d="M9 5v14M15 5v14" />
        </svg>
      );
    default:
      return (
        <svg {...common} className={`offline-icon${state === 'downloading' ? ' offline-icon--busy' : ''}`}>
          <path d="M12 4v10M7.5 9.5L12 14l4.5-4.5" />
          <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
      );
  }
}
