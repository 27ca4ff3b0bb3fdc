// Features reach the running session through this context, never by importing the app module,
// so tests can hand them a session built on a fake fetch.
import { createContext, use } from 'react';
import { useAtomValue } from 'jotai';
import type { SessionManager, SessionState } from '@rivet/shared/client/session';

export const SessionManagerContext = createContext<SessionManager | null>(null);

export function useSessionManager(): SessionManager {
  const manager = use(SessionManagerContext);
  if (!manager) throw new Error('useSessionManager needs <AppProviders>');
  return manager;
}

export function useSession(): SessionState {
  return useAtomValue(useSessionManager().sessionAtom);
}
