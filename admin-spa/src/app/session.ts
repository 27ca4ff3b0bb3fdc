// The one module that owns the admin session store (jotai) and the API client bound to it.
// Staff profiles live in sessionStorage: a shared office computer forgets them with the tab.
import { createSessionManager, type SessionManager } from '@rivet/shared/client/session';

export function createAdminSession(options: { storage?: Storage; fetch?: typeof fetch; retryDelayMs?: number } = {}): SessionManager {
  return createSessionManager({
    app: 'admin',
    storage: options.storage ?? sessionStorage,
    fetch: options.fetch,
    retryDelayMs: options.retryDelayMs,
  });
}

let instance: SessionManager | null = null;

/** The session of the running app; created on first use so importing this module has no side effects. */
export function adminSession(): SessionManager {
  instance ??= createAdminSession();
  return instance;
}
