// Manage Partners' calls (spec 002 §7 Partners): the list, one partner, its admins, the lists the
// form needs (countries, banks), the uniqueness check, and the changes.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activateDeactivateInstitution,
  createInstitution,
  getAdminUsers,
  getInstitution,
  queryInstitution,
  searchPartners,
  updateInstitution,
  type CreatePartnerInput,
  type PartnerImageField,
  type UpdatePartnerInput,
} from '@rivet/shared/api/partners';
import { listBanks, listCountries } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Spec §9: the partner list shows 10 a page. */
export const PARTNER_PAGE_SIZE = 10;

const PARTNERS_KEY = ['partners'];

export function usePartnerSearch(search: string, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...PARTNERS_KEY, 'list', search, page],
    queryFn: ({ signal }) => api.call(searchPartners, { query: { Page: String(page), PageSize: String(PARTNER_PAGE_SIZE), Search: search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePartner(id: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...PARTNERS_KEY, 'one', id],
    queryFn: ({ signal }) => api.call(getInstitution, { query: { Id: String(id) }, signal }),
    enabled: id !== null,
  });
}

export function usePartnerAdmins(id: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...PARTNERS_KEY, 'admins', id],
    queryFn: ({ signal }) => api.call(getAdminUsers, { query: { institutionId: String(id) }, signal }),
    enabled: id !== null,
  });
}

export function useCountries() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => api.call(listCountries, { signal }), staleTime: Infinity });
}

export function useBanks() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['banks'], queryFn: ({ signal }) => api.call(listBanks, { query: {}, signal }), staleTime: Infinity });
}

export type PartnerFiles = Partial<Record<PartnerImageField, File>>;

export function usePartnerCalls() {
  const { api } = useSessionManager();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: PARTNERS_KEY });
  return {
    /** Which of the values another partner holds (blank ones are not checked). */
    taken: (values: { name?: string; email?: string; code?: string; id?: number }) =>
      api.call(queryInstitution, { query: { name: values.name ?? '', email: values.email ?? '', code: values.code ?? '', Id: String(values.id ?? 0) } }),
    create: async (body: CreatePartnerInput, files: PartnerFiles) => {
      const answer = await api.send(createInstitution, { body, files });
      await refresh();
      return answer;
    },
    update: async (body: UpdatePartnerInput, files: PartnerFiles) => {
      const answer = await api.send(updateInstitution, { body, files });
      await refresh();
      return answer;
    },
    toggle: async (id: number, isActive: boolean) => (await api.send(activateDeactivateInstitution, { body: { Id: id, isActive } })).description,
    refresh,
  };
}
