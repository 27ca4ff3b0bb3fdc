// The strip under the header on every learner screen (the player included): the offline banner,
// and what the outbox is waiting to send (the outbox's own SyncStatus).
import { lazy, Suspense } from 'react';
import { useSession } from '@rivet/shared/client/session-context';
import { useOnline } from '../../offline/network';

// The outbox's status reads the learner's database: loaded for signed-in learners only, after
// the first screen, so visitors never download the database code.
const SyncStatus = lazy(async () => ({ default: (await import('../../offline/sync-status')).SyncStatus }));

export function NetworkStatus() {
  const online = useOnline();
  const { profile } = useSession();
  return (
    <div className="network-status">
      {/* Always in the page, so a screen reader hears the change when the connection drops. */}
      <div role="status" className="network-status__live">
        {online ? null : (
          <div className="offline-banner">
            <OfflineIcon />
            <p className="offline-banner__text">
              <strong>You're offline.</strong>{' '}
              {profile
                ? "Downloaded courses and your progress still work; changes are sent when you're back online."
                : 'Pages you visited show what they last saw; signing in and enrolling need a connection.'}
            </p>
          </div>
        )}
      </div>
      {profile ? (
        <Suspense fallback={null}>
          <div className="network-status__sync">
            <SyncStatus />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}

function OfflineIcon() {
  return (
    <svg className="offline-banner__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 3l18 18M8.5 8.6A6 6 0 0 0 6 13.2 4 4 0 0 0 7 21h10.5M19.7 18.3A4 4 0 0 0 17 11h-.4A6 6 0 0 0 11 7.1" />
    </svg>
  );
}
