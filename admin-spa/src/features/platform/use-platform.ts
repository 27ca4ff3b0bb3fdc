import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PLATFORM_PAGE_SIZE,
  activateDeactivatePlatformPartner,
  createPlatformPartner,
  searchPlatformPartners,
  updatePlatformPartner,
  type PlatformPartner,
} from '@rivet/shared/api/platform';
import { listBanks } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

export function usePlatformSearch(search: string, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['platform-partners', search, page],
    queryFn: ({ signal }) => api.call(searchPlatformPartners, { query: { search, page: String(page), pageSize: String(PLATFORM_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The active banks; a party's closed bank is added by the form so its record still shows it. */
export function useBanks() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['banks'], queryFn: ({ signal }) => api.call(listBanks, { signal }), staleTime: Infinity });
}

export function usePlatformCalls() {
  const { api } = useSessionManager();
  return {
    create: (input: { name: string; bankId: number; account: string }) => api.send(createPlatformPartner, { body: input }),
    update: (id: number, input: { bankId: number; account: string }) =>
      api.send(updatePlatformPartner, { query: { id: String(id), bankId: String(input.bankId), accountno: input.account } }),
    toggle: async (partner: PlatformPartner, isActive: boolean) =>
      (await api.send(activateDeactivatePlatformPartner, { query: { id: String(partner.id), isActive: String(isActive) } })).description,
  };
}
