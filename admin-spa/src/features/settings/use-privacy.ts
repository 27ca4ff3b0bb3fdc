import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DATA_REQUESTS_PAGE_SIZE, getPrivacySettings, searchDataRequests, updatePrivacySettings, type PrivacySettingsFormOutput } from '@rivet/shared/api/privacy';
import { useSessionManager } from '@rivet/shared/client/session-context';

export function usePrivacySettings() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['privacy-settings'], queryFn: ({ signal }) => api.call(getPrivacySettings, { signal }) });
}

export function useDataRequests(kind: number, page: number, enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['data-requests', kind, page],
    queryFn: ({ signal }) => api.call(searchDataRequests, { query: { kind: String(kind), page: String(page), pageSize: String(DATA_REQUESTS_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePrivacyCalls() {
  const { api } = useSessionManager();
  return { save: (body: PrivacySettingsFormOutput) => api.send(updatePrivacySettings, { body }) };
}
