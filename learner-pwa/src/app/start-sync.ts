// The outbox's page runtime (offline/sync-runtime.ts) is loaded once someone is signed in, after
// the first screen is in (offline/first-screen.ts): visitors who never sign in never download the
// database code, and a learner's dashboard does not wait behind it on slow mobile data.
import type { QueryClient } from '@tanstack/react-query';
import type { SessionManager } from '@rivet/shared/client/session';
import { afterFirstScreen } from '../offline/first-screen';

export function startSyncWhenSignedIn(manager: SessionManager, queryClient: QueryClient): void {
  if (typeof indexedDB === 'undefined') return;
  let started = false;
  const start = () => {
    if (started || !manager.store.get(manager.sessionAtom).profile) return;
    started = true;
    unsubscribe();
    void afterFirstScreen(queryClient)
      .then(() => import('../offline/sync-runtime'))
      .then(({ startSyncRuntime }) => startSyncRuntime(manager, queryClient));
  };
  const unsubscribe = manager.store.sub(manager.sessionAtom, start);
  setTimeout(start, 0);
}
