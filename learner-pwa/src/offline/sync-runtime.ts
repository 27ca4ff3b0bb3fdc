// The page's side of delivering the outbox (DESIGN §4): Safari and Firefox have no Background
// Sync, so the page replays on start, when the network comes back, when the app is brought back
// to the front, after the learner signs in again, and on a timer that follows the outbox's
// backoff. It also keeps the status line (sync-store.ts) current from the database, and refreshes
// the learner's lists once the server has taken what was waiting.
import { liveQuery, type Subscription } from 'dexie';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionManager } from '@rivet/shared/client/session';
import { syncOutbox } from '../api/learner-events';
import { learnerDb, type OutboxEntry } from './db';
import { dismissParked, readSyncState } from './outbox';
import { onReplayed } from './sync-events';
import { setSyncView, type ParkedEvent } from './sync-store';

/** While events wait and nothing else triggers a replay, try this often. */
const IDLE_RETRY_MS = 60_000;
const START_DELAY_MS = 1_500;

export interface SyncRuntime {
  /** Replays now, ignoring the backoff ('Sync now', the network came back). */
  syncNow(): Promise<void>;
  dismissParked(): Promise<void>;
  stop(): void;
}

let running: SyncRuntime | null = null;

export function startSyncRuntime(manager: SessionManager, queryClient: QueryClient): SyncRuntime {
  if (running) return running;
  const db = learnerDb();
  let userId: string | null = null;
  let watching: Subscription | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;

  const currentUser = () => manager.store.get(manager.sessionAtom).profile?.userId ?? null;

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(false), Math.max(0, delay));
  };

  async function run(force: boolean): Promise<void> {
    const user = currentUser();
    if (!user) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if (inFlight) return inFlight;
    setSyncView({ syncing: true });
    inFlight = (async () => {
      try {
        const report = await syncOutbox(manager.api, user, { force });
        if (report.remaining && report.stopped !== 'sign-in') schedule(report.state.retryAt ? report.state.retryAt - Date.now() : IDLE_RETRY_MS);
      } catch {
        schedule(IDLE_RETRY_MS);
      } finally {
        inFlight = null;
        setSyncView({ syncing: false });
      }
    })();
    return inFlight;
  }

  const watch = (user: string | null) => {
    watching?.unsubscribe();
    watching = null;
    if (!user) {
      setSyncView({ pending: 0, parked: [], lastSyncAt: null, needsSignIn: false, ready: true });
      return;
    }
    watching = liveQuery(async () => {
      const entries = await db.outbox.where('[userId+seq]').between([user, 0], [user, Infinity]).toArray();
      return { entries, state: await readSyncState(db, user) };
    }).subscribe({
      next: ({ entries, state }) =>
        setSyncView({
          pending: entries.filter((e) => e.state === 'pending').length,
          parked: entries.filter((e) => e.state === 'parked').map(toParked),
          lastSyncAt: state.lastSyncAt,
          needsSignIn: state.needsSignIn,
          ready: true,
        }),
      error: () => setSyncView({ ready: true }),
    });
  };

  const onSession = () => {
    const user = currentUser();
    if (user === userId) return;
    userId = user;
    watch(user);
    // Signed in (again): whatever waited for this learner can go now.
    if (user) void run(true);
  };

  const onOnline = () => void run(true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void run(false);
  };

  const unsubscribeSession = manager.store.sub(manager.sessionAtom, onSession);
  const unsubscribeReplayed = onReplayed((_user, report) => {
    // The server now has what was waiting: the lists and rings it computes are worth fetching.
    if (report.done) void queryClient.invalidateQueries({ queryKey: ['me', 'learning'], predicate: (q) => q.queryKey[2] !== 'content' });
  });
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  userId = currentUser();
  watch(userId);
  schedule(START_DELAY_MS);

  running = {
    syncNow: () => run(true),
    async dismissParked() {
      const user = currentUser();
      if (user) await dismissParked(db, user);
    },
    stop() {
      if (timer) clearTimeout(timer);
      watching?.unsubscribe();
      unsubscribeSession();
      unsubscribeReplayed();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      running = null;
    },
  };
  return running;
}

/** The runtime, if started (the status line's buttons use it). */
export function syncRuntime(): SyncRuntime | null {
  return running;
}

function toParked(entry: OutboxEntry): ParkedEvent {
  return { eventId: entry.eventId, kind: entry.event.type, status: entry.status, reason: entry.reason ?? 'Refused by the server', queuedAt: entry.queuedAt };
}
