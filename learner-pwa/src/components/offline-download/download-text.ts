// The words and numbers a download shows, in one place so the card, the player and the dialog say
// the same thing ('Downloading… 34% · 4.2 of 12.4 MB', 'Downloaded · 12.4 MB').
import type { CourseDownload, DownloadFile } from '../../offline/db';
import { formatBytes } from '../../offline/storage';

export const percentOf = (download: Pick<CourseDownload, 'bytesDone' | 'bytesTotal'>) =>
  download.bytesTotal > 0 ? Math.min(100, Math.floor((download.bytesDone / download.bytesTotal) * 100)) : 0;

/** Bytes on the phone now: what finished (a file mid-way is not kept). */
export const storedBytes = (files: DownloadFile[]) => files.reduce((sum, f) => sum + (f.done ? f.bytes : 0), 0);

/** '4.2 of 12.4 MB' when both share a unit, '840 KB of 12.4 MB' when not. */
export function bytesOf(done: number, total: number): string {
  const [doneValue, doneUnit] = formatBytes(done).split(' ');
  const whole = formatBytes(total);
  return whole.endsWith(` ${doneUnit}`) ? `${doneValue} of ${whole}` : `${formatBytes(done)} of ${whole}`;
}

export const progressText = (download: CourseDownload) => `${percentOf(download)}% · ${bytesOf(download.bytesDone, download.bytesTotal)}`;

export const QUALITY_NAMES: Record<CourseDownload['quality'], string> = {
  'data-saver': 'Data saver',
  standard: 'Standard',
};

/** What the download control says for each state. */
export function statusLabel(download: CourseDownload | null): string {
  if (!download) return 'Download for offline';
  switch (download.state) {
    case 'downloading':
      return `Downloading ${percentOf(download)}%`;
    case 'paused':
      return `Paused · ${percentOf(download)}%`;
    case 'complete':
      return `Downloaded · ${formatBytes(download.bytesTotal)}`;
    case 'error':
      return 'Download stopped';
  }
}
