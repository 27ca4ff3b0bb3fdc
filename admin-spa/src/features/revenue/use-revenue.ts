import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { createRevenue, getRevenuePartners, searchRevenue, toggleRevenue, type CreateRevenueInput, type Revenue } from '@rivet/shared/api/revenue';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Ten a page, as the console's other lists whose page size the spec does not give. */
export const REVENUE_PAGE_SIZE = 10;

export function useRevenueSearch(search: string, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['revenue', search, page],
    queryFn: ({ signal }) => api.call(searchRevenue, { query: { search, id: '0', page: String(page), pageSize: String(REVENUE_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRevenuePartners(revenueId: number) {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['revenue-partners', revenueId], queryFn: ({ signal }) => api.call(getRevenuePartners, { query: { RevenueId: String(revenueId) }, signal }) });
}

/** The active partners a formula may name (§5); §9: dropdowns ask for page 1 of 10,000. */
export function useActivePartners() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['active-partners'],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Page: '1', PageSize: '10000', Id: '0', IsActive: 'true', Search: '' }, signal }),
  });
}

export function useRevenueCalls() {
  const { api } = useSessionManager();
  return {
    create: (input: CreateRevenueInput) => api.send(createRevenue, { body: input }),
    toggle: async (revenue: Revenue, isActive: boolean) => (await api.send(toggleRevenue, { query: { id: String(revenue.id), isActive: String(isActive) } })).description,
  };
}

/** One formula's row (name, date, status) for the read-only view. */
export function useRevenue(revenueId: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['revenue', 'one', revenueId],
    queryFn: async ({ signal }) => (await api.call(searchRevenue, { query: { search: '', id: String(revenueId), page: '1', pageSize: '1' }, signal })).items[0] ?? null,
  });
}
