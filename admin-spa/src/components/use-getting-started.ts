// Getting started (decision 079): what a partner still lacks before its first course can be
// published. The partner admin's dashboard and QA's review both read it.
import { useQuery } from '@tanstack/react-query';
import { gettingStarted } from '@rivet/shared/api/getting-started';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Institution staff leave `institutionId` out (the server answers for their own partner). */
export function useGettingStarted(institutionId: number | null = null, enabled = true) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['getting-started', institutionId],
    queryFn: ({ signal }) => api.call(gettingStarted, { query: institutionId ? { institutionId: String(institutionId) } : {}, signal }),
    // A step done on another screen shows as soon as staff come back.
    staleTime: 0,
    enabled,
  });
}
