import { useEffect, useState, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { SessionManager } from '@rivet/shared/client/session';
import { Toaster } from '@rivet/shared/ui/toast';
import { SessionManagerContext } from '@rivet/shared/client/session-context';
import { createQueryClient } from '@rivet/shared/client/query-client';

export function AppProviders({ manager, queryClient, children }: { manager: SessionManager; queryClient?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  useEffect(
    () =>
      // Cached server data belongs to the user who fetched it: drop it when the session ends.
      manager.store.sub(manager.sessionAtom, () => {
        if (!manager.store.get(manager.sessionAtom).profile) client.clear();
      }),
    [manager, client],
  );

  return (
    <SessionManagerContext value={manager}>
      <JotaiProvider store={manager.store}>
        <QueryClientProvider client={client}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </JotaiProvider>
    </SessionManagerContext>
  );
}
