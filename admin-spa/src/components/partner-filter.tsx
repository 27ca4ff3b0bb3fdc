// The partner dropdown of the report screens (spec 002 §2.11: "All Partners", value 0) and who may use it.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile, useSessionManager } from '@rivet/shared/client/session-context';
import { Select, type SelectOption } from '@rivet/shared/ui/select';
import type { ReportFilterState } from './report-page';

/** "All Partners" (value 0, §2.11) and every partner; §9: dropdowns ask for page 1 of 10,000. */
export function usePartnerOptions(enabled = true): SelectOption[] {
  const { api } = useSessionManager();
  const partners = useQuery({
    queryKey: ['report-partners'],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Page: '1', PageSize: '10000', Id: '0', Search: '' }, signal }),
    enabled,
  });
  return [{ id: '0', label: 'All Partners' }, ...(partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: p.name }))];
}

/** Platform staff may pick a partner; an institution's staff always see their own (§6). */
export function useSeesAllPartners(): boolean {
  return !isInstitutionScoped(useProfile().roleType);
}

/**
 * A report's partner filter, kept in the page's address as `partner`: `select` is the dropdown (null
 * for an institution's staff, who never choose) and `partner` what it holds ('0' is every partner).
 * `always` shows it to anyone who may open the page (the platform-only revenue reports).
 */
export function usePartnerFilter(filters: ReportFilterState, always = false): { partner: string; allPartners: boolean; select: ReactNode } {
  const allPartners = useSeesAllPartners() || always;
  const partners = usePartnerOptions(allPartners);
  const partner = filters.value('partner') || '0';
  const select = allPartners ? <Select label="Partner" items={partners} value={partner} onChange={(v) => filters.set('partner', v === '0' ? '' : (v ?? ''))} /> : null;
  return { partner, allPartners, select };
}
