import { useQuery } from '@tanstack/react-query';
import { getAdminByUserId } from '@rivet/shared/api/authentication';
import { useSessionManager } from '@rivet/shared/client/session-context';

export function useAdminProfile(userId: string) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['admin-profile', userId],
    queryFn: ({ signal }) => api.call(getAdminByUserId, { query: { userId }, signal }),
  });
}
