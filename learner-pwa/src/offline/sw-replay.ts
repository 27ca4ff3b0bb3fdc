// Replaying the outbox from the service worker (Background Sync: Chromium only), possibly with no
// page open. The worker holds no token: it asks for one with the refresh cookie (httpOnly; the
// worker cannot read it either), keeps it only for this replay, and sends only the events of the
// learner that cookie belongs to. A refused refresh leaves everything queued: the learner signs in
// again in the app, and the page's replay sends it then.
import { createApiClient } from '@rivet/shared/client/api-client';
import { ApiError } from '@rivet/shared/client/errors';
import { batchSender } from '../api/learner-events';
import { learnerDb } from './db';
import { replay } from './outbox';

export { OUTBOX_SYNC_TAG } from './background-sync';

/** Sends every queued event it can; rejects when the browser should try again later. */
export async function replayFromServiceWorker(): Promise<void> {
  const db = learnerDb();
  if (!(await db.outbox.filter((e) => e.state === 'pending').count())) return;
  let token: string | null = null;
  const api = createApiClient({
    app: 'learner',
    getAccessToken: () => token,
    onSession: (session) => {
      token = session.accessToken;
    },
    onSessionExpired: () => {
      token = null;
    },
  });
  let userId: string;
  try {
    userId = (await api.refresh()).userId;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.kind === 'session-expired')) return;
    throw error;
  }
  const report = await replay(db, userId, { send: batchSender(api), force: true });
  // Still waiting after a failure the network caused: let the browser schedule another try.
  if (report.remaining && report.stopped === 'retry') throw new Error('outbox not empty');
}
