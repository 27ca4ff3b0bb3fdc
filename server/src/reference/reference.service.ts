// Reference data the sign-up and landing screens need.
import { HOME_COUNTRY_CODE } from '@rivet/shared/domain/people';
import type { Paging, ReferenceRepository } from './reference.repository';

export type ReferenceService = ReturnType<typeof createReferenceService>;

export function createReferenceService(deps: { repo: ReferenceRepository }) {
  const { repo } = deps;
  const byName = new Intl.Collator('en', { sensitivity: 'base' });
  return {
    // The home country first (most learners and partners are there), then the rest by name as
    // people read it: sorted here, since the database's collation may put 'Åland Islands' last.
    async countries() {
      const rows = await repo.countries();
      return rows.sort((a, b) => Number(b.code1 === HOME_COUNTRY_CODE) - Number(a.code1 === HOME_COUNTRY_CODE) || byName.compare(a.countryName, b.countryName));
    },
    banks: (id: number | null) => repo.banks(id),
    courseCategories: (activeOnly: boolean, paging: Paging) => repo.courseCategories(activeOnly, paging),
    languages: (activeOnly: boolean, paging: Paging) => repo.languages(activeOnly, paging),
  };
}
