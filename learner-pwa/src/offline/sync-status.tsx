// What is waiting to be sent and when the outbox last synced ('3 updates waiting to sync · Last
// synced 5 min ago'), events the server refused (with its reasons, until the learner dismisses
// them), and a session that must be renewed before anything can go. `banner`: only when something
// waits or was refused (under the header, every screen); `summary`: only when nothing waits, with
// the last sync time (the dashboard), so the two never say the same thing twice.
import { lazy, Suspense, useState } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { useOnline } from './network';
import { sinceSentence, useSyncView, waitingSentence } from './sync-store';
import './sync-status.css';

const ParkedDialog = lazy(() => import('./parked-dialog'));

async function syncNow() {
  const { syncRuntime } = await import('./sync-runtime');
  await syncRuntime()?.syncNow();
}

export function SyncStatus({ variant = 'banner' }: { variant?: 'banner' | 'summary' }) {
  const view = useSyncView();
  const online = useOnline();
  const [showParked, setShowParked] = useState(false);
  if (!view.ready) return null;
  const nothingToSay = view.pending === 0 && view.parked.length === 0;
  if (variant === 'banner' && nothingToSay) return null;
  if (variant === 'summary' && (!nothingToSay || !view.lastSyncAt)) return null;

  const last = view.lastSyncAt ? `Last synced ${sinceSentence(view.lastSyncAt)}` : null;
  let line: string;
  if (view.pending === 0) line = view.lastSyncAt ? 'All progress saved' : 'Your progress is saved as you study';
  else if (view.needsSignIn) line = `${waitingSentence(view.pending)}: sign in again to send them`;
  else if (!online) line = `${waitingSentence(view.pending)}: they will be sent when you are back online`;
  else line = waitingSentence(view.pending);

  return (
    <div className={`sync-status sync-status--${variant}`} role="status" aria-live="polite">
      {view.pending > 0 || nothingToSay ? (
        <p className="sync-status__line">
          <span className="sync-status__text">
            <span className={`sync-status__dot ${view.pending ? 'sync-status__dot--waiting' : ''}`} aria-hidden="true" />
            {line}
          </span>
          {last ? <span className="sync-status__since">· {last}</span> : null}
          {view.pending > 0 && online && !view.needsSignIn ? (
            <Button variant="ghost" size="sm" isPending={view.syncing} onPress={() => void syncNow()}>
              Sync now
            </Button>
          ) : null}
        </p>
      ) : null}
      {view.parked.length > 0 ? (
        <p className="sync-status__line sync-status__line--parked">
          <span className="sync-status__text">
            <span className="sync-status__dot sync-status__dot--parked" aria-hidden="true" />
            {view.parked.length === 1 ? '1 update could not be saved' : `${view.parked.length} updates could not be saved`}
          </span>
          <Button variant="ghost" size="sm" onPress={() => setShowParked(true)}>
            See why
          </Button>
        </p>
      ) : null}
      {showParked ? (
        <Suspense fallback={null}>
          <ParkedDialog parked={view.parked} onClose={() => setShowParked(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
