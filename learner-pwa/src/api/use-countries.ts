import { useQuery } from '@tanstack/react-query';
import { listCountries } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

export function useCountries() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['reference', 'countries'],
    queryFn: ({ signal }) => api.call(listCountries, { signal }),
    // Countries do not change during a visit.
    staleTime: Infinity,
  });
}
