// Screens reach the session through these hooks, never through a module-level singleton, so a
// test can render the real routes with its own manager (and its own fetch) per case.
import { createContext, useContext } from 'react';
import { useAtomValue } from 'jotai';
import type { SessionManager, SessionProfile, SessionState } from './session';

export const SessionManagerContext = createContext<SessionManager | null>(null);

export function useSessionManager(): SessionManager {
  const manager = useContext(SessionManagerContext);
  if (!manager) throw new Error('useSessionManager needs a SessionManagerContext provider (the app’s AppProviders)');
  return manager;
}

export function useSession(): SessionState {
  const manager = useSessionManager();
  return useAtomValue(manager.sessionAtom, { store: manager.store });
}

/** The signed-in profile; only for screens behind the route guard, which guarantees one. */
export function useProfile(): SessionProfile {
  const { profile } = useSession();
  if (!profile) throw new Error('useProfile is only for signed-in screens');
  return profile;
}
