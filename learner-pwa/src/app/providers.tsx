import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionManager } from '@rivet/shared/client/session';
import { AppProviders as SharedProviders } from '@rivet/shared/ui/app-providers';
import { PUBLIC_QUERY_ROOTS } from '../api/public-query-roots';

/** The shared providers; a sign-out keeps the public catalogue, which the app also saves for offline use. */
export function AppProviders(props: { manager: SessionManager; queryClient?: QueryClient; toaster?: ReactNode; children: ReactNode }) {
  const { children, ...rest } = props;
  return (
    <SharedProviders {...rest} publicQueryRoots={PUBLIC_QUERY_ROOTS}>
      {children}
    </SharedProviders>
  );
}
