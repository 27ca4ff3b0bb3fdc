// What a catalogue screen says about its data when the network is gone: that it is showing what
// it last saw (and when), or that it has nothing saved and will load when the learner is back
// online. Screens keep their own layout and call these where their content goes.
import { InlineAlert } from '@rivet/shared/ui/inline-alert';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { useCatalogueRestored } from './catalogue-restored';
import { useOnline } from './network';
import './last-seen.css';

/** The part of a query result these notices read (TanStack Query's result has it). */
export interface SeenResult {
  data: unknown;
  dataUpdatedAt: number;
  isPlaceholderData?: boolean;
}

// Data fetched before this page load came from the saved catalogue, not from the network.
const PAGE_LOADED_AT = typeof performance !== 'undefined' && performance.timeOrigin ? performance.timeOrigin : Date.now();

const time = new Intl.DateTimeFormat('en-NG', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** '4:05 pm today', 'yesterday at 9:30 am', '3 Nov 2026, 9:30 am'. */
export function formatLastSeen(at: Date, now = new Date()): string {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return `today at ${time.format(at)}`;
  if (at.getTime() >= startOfToday - 86_400_000) return `yesterday at ${time.format(at)}`;
  return dayAndTime.format(at);
}

/**
 * When the shown data was fetched, if it is not live: the device is offline, or the data was
 * restored from an earlier visit because the network failed. Null for live data or none.
 */
export function lastSeenAt(result: SeenResult, online: boolean): Date | null {
  if (result.data === undefined || result.isPlaceholderData || !result.dataUpdatedAt) return null;
  if (online && result.dataUpdatedAt >= PAGE_LOADED_AT) return null;
  return new Date(result.dataUpdatedAt);
}

/** 'You're offline. Showing courses as last seen today at 4:05 pm.' above saved results; the oldest time when several queries feed a screen. */
export function LastSeenNotice({ results, what = 'courses', className }: { results: SeenResult[]; what?: string; className?: string }) {
  const online = useOnline();
  const times = results.map((r) => lastSeenAt(r, online)).filter((d): d is Date => d !== null);
  if (!times.length) return null;
  const oldest = new Date(Math.min(...times.map((d) => d.getTime())));
  return (
    <InlineAlert tone="info" className={`last-seen ${className ?? ''}`.trim()} title={online ? 'No connection right now.' : "You're offline."}>
      Showing {what} as last seen {formatLastSeen(oldest)}.
    </InlineAlert>
  );
}

/** True when a query has no data because the device is offline and nothing was saved for it. */
export function useUnavailableOffline(result: SeenResult): boolean {
  const online = useOnline();
  const restored = useCatalogueRestored();
  return !online && restored && result.data === undefined;
}

/** In place of a spinner that would never end: '{what} will show when you're back online.' */
export function UnavailableOffline({ what, className }: { what: string; className?: string }) {
  return <ScreenState kind="offline" text={unavailableOfflineText(what)} className={`unavailable-offline ${className ?? ''}`.trim()} />;
}

/** The words of UnavailableOffline, for a QueryState's `offlineText`. */
export const unavailableOfflineText = (what: string) => `${what} will show when you're back online.`;
