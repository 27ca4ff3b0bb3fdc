import { useQuery } from '@tanstack/react-query';
import { searchInstitutions, type Institution } from '@rivet/shared/api/institution';
import { useSessionManager } from '@rivet/shared/client/session-context';

/**
 * Active partner institutions (partners page, programs overview). The server already returns
 * only active partners to learners; the filter here keeps a staff session from showing others.
 */
export function useActiveInstitutions() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['institutions', 'active'],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { IsActive: 'true' }, signal }),
    select: (data): Institution[] => data.items.filter((i) => i.isActive),
  });
}

/** One partner by id; resolves to null when there is no such (active) partner. */
export function useInstitution(id: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['institutions', 'one', id],
    enabled: id !== null,
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Id: String(id), PageSize: '1' }, signal }),
    select: (data): Institution | null => data.items.find((i) => i.id === id && i.isActive) ?? null,
  });
}
