import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createDiscount,
  getDiscountById,
  searchDiscounts,
  toggleDiscount,
  updateDiscount,
  type CreateDiscountFields,
  type Discount,
  type UpdateDiscountInput,
} from '@rivet/shared/api/discounts';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { listCourses } from '@rivet/shared/api/manage-course';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Ten a page, as the console's other lists whose page size the spec does not give. */
export const DISCOUNT_PAGE_SIZE = 10;

export function useDiscountSearch(search: string, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['discounts', search, page],
    queryFn: ({ signal }) => api.call(searchDiscounts, { query: { institutionId: '0', search, page: String(page), pageSize: String(DISCOUNT_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscount(id: number) {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['discounts', 'one', id], queryFn: ({ signal }) => api.call(getDiscountById, { query: { DiscountId: String(id) }, signal }) });
}

/** §5: the partner choice lists only active partners; §9: dropdowns ask for page 1 of 10,000. */
export function useActivePartners() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['active-partners'],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Page: '1', PageSize: '10000', Id: '0', IsActive: 'true', Search: '' }, signal }),
  });
}

export function usePartnerCourses(institutionId: string | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['partner-courses', institutionId],
    // Course/List (spec 001 §7), every course of the partner by title; one list, no paging (decision 088).
    queryFn: async ({ signal }) => (await api.call(listCourses, { query: { institutionId: institutionId!, usePaging: 'false' }, signal })).items,
    enabled: Boolean(institutionId),
  });
}

export function useDiscountCalls() {
  const { api } = useSessionManager();
  return {
    create: (fields: CreateDiscountFields, file: File | null) => api.send(createDiscount, { body: fields, files: file ? { FormFile: file } : {} }),
    update: (input: UpdateDiscountInput) => api.send(updateDiscount, { body: input }),
    toggle: async (discount: Discount, isActive: boolean) => (await api.send(toggleDiscount, { query: { id: String(discount.id), isActive: String(isActive) } })).description,
  };
}
