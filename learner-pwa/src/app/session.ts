// The one module that owns the learner session store (jotai) and the API client bound to it.
// Learners keep their profile in localStorage so the installed app opens signed in; the access
// token itself stays in memory and is renewed from the httpOnly refresh cookie.
import { createSessionManager, type SessionManager } from '@rivet/shared/client/session';

/** The screens whose first calls start with the refresh (kept here, not in the lazily loaded module, to decide whether to load it). */
const EARLY_SCREENS = /^\/(dashboard|course\/delivery)\/?$/;

export function createLearnerSession(options: { storage?: Storage; fetch?: typeof fetch; retryDelayMs?: number } = {}): SessionManager {
  return createSessionManager({
    app: 'learner',
    storage: options.storage ?? localStorage,
    fetch: options.fetch,
    retryDelayMs: options.retryDelayMs,
  });
}

let instance: SessionManager | null = null;

/** The session of the running app; created on first use so importing this module has no side effects. */
export function learnerSession(): SessionManager {
  instance ??= createLearnerSession();
  return instance;
}

/**
 * A signed-in learner's first screen needs an access token, which the refresh cookie brings: the
 * app asks as it starts, while the screen's chunks download, rather than once the screen has
 * rendered and asks for its data (a round trip saved on slow mobile data; docs/decisions/072).
 * The screen's calls wait for this same refresh (the client shares one refresh at a time); a
 * failure is theirs to report, and a refused cookie ends the session as it would for them.
 */
export function refreshAtStart(manager: SessionManager, location?: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  if (!manager.store.get(manager.sessionAtom).profile) return Promise.resolve();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  // On the screens a learner lands on, the screen's own calls start too, once the token is back
  // (first-screen-calls.ts, its own small chunk, downloaded beside the refresh).
  const early = location && EARLY_SCREENS.test(location.pathname) ? import('./first-screen-calls') : null;
  return manager.api
    .refresh()
    .then(async (session) => (await early)?.primeFirstScreen(manager.api, session.userId, location!))
    .catch(() => undefined);
}
