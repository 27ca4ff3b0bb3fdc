// What the learner is told about the outbox, as a tiny store with no database code in it: the
// status line is on every screen, including the first one, whose JavaScript budget has no room for
// Dexie. The sync runtime (sync-runtime.ts, loaded after the first render) keeps it current.
import { useSyncExternalStore } from 'react';

export interface ParkedEvent {
  eventId: string;
  kind: 'progress' | 'quiz' | 'survey';
  status: number | null;
  reason: string;
  queuedAt: number;
}

export interface SyncView {
  /** Events waiting to be sent. */
  pending: number;
  /** Events the server refused, with its reasons; they stay until the learner dismisses them. */
  parked: ParkedEvent[];
  lastSyncAt: number | null;
  /** The session ended (refresh refused) while events wait: signing in again sends them. */
  needsSignIn: boolean;
  syncing: boolean;
  /** The runtime is loaded and watching (before that, nothing is known). */
  ready: boolean;
}

export const EMPTY_SYNC_VIEW: SyncView = { pending: 0, parked: [], lastSyncAt: null, needsSignIn: false, syncing: false, ready: false };

let view = EMPTY_SYNC_VIEW;
const listeners = new Set<() => void>();

export function setSyncView(patch: Partial<SyncView>): void {
  view = { ...view, ...patch };
  for (const listener of listeners) listener();
}

export function getSyncView(): SyncView {
  return view;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSyncView(): SyncView {
  return useSyncExternalStore(subscribe, getSyncView, getSyncView);
}

/** '3 updates waiting to sync'. */
export function waitingSentence(pending: number): string {
  return `${pending} ${pending === 1 ? 'update' : 'updates'} waiting to sync`;
}

/** 'just now', '5 min ago', '2 h ago', or the date. */
export function sinceSentence(at: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(at).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
}
