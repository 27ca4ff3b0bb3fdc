// The providers both apps put around their routes: the session (context and jotai store), the
// query client with its sign-out cache policy, and the toast region.
import { useEffect, useState, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { SessionManager } from '../client/session';
import { SessionManagerContext } from '../client/session-context';
import { createQueryClient, forgetUserQueries } from '../client/query-client';
import { Toaster } from './toast';

export interface AppProvidersProps {
  manager: SessionManager;
  queryClient?: QueryClient;
  /** Query-key roots of public data, kept when the user signs out (see forgetUserQueries). */
  publicQueryRoots?: readonly string[];
  /** The toast region; tests pass the eager ToastRegionView, since fake timers stall the lazy one. */
  toaster?: ReactNode;
  children: ReactNode;
}

export function AppProviders({ manager, queryClient, publicQueryRoots = [], toaster = <Toaster />, children }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  useEffect(() => {
    let userId = manager.store.get(manager.sessionAtom).profile?.userId ?? null;
    return manager.store.sub(manager.sessionAtom, () => {
      const next = manager.store.get(manager.sessionAtom).profile?.userId ?? null;
      // A refreshed token or an edited profile keeps the cache; a new user or no user does not.
      if (next !== userId && userId !== null) forgetUserQueries(client, publicQueryRoots);
      userId = next;
    });
  }, [manager, client, publicQueryRoots]);

  return (
    <SessionManagerContext value={manager}>
      <JotaiProvider store={manager.store}>
        <QueryClientProvider client={client}>
          {children}
          {toaster}
        </QueryClientProvider>
      </JotaiProvider>
    </SessionManagerContext>
  );
}
