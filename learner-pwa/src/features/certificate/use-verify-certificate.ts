// The public check behind the verification page; works signed out.
import { useQuery } from '@tanstack/react-query';
import { verifyCertificate } from '@rivet/shared/api/learning';
import { useSessionManager } from '@rivet/shared/client/session-context';

export function useVerifyCertificate(certificateId: string) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['certificate', 'verify', certificateId],
    enabled: certificateId !== '',
    queryFn: ({ signal }) => api.call(verifyCertificate, { params: { certificateId }, signal }),
  });
}
