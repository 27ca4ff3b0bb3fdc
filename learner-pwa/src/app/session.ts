// The one module that owns the learner session store (jotai) and the API client bound to it.
// Learners keep their profile in localStorage so the installed app opens signed in; the access
// token itself stays in memory and is renewed from the httpOnly refresh cookie.
import { createSessionManager, type SessionManager } from '@rivet/shared/client/session';

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
