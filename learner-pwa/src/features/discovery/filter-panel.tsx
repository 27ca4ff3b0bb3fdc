// The catalogue's filter accordions (spec: Category with counts, Level, Partner, Language).
import type { ReactNode } from 'react';
import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { Checkbox } from '@rivet/shared/ui/checkbox';
import { useActiveInstitutions } from '../../api/use-institutions';
import { useCategorySummary, useLanguages } from '../../api/use-catalogue';
import { LEVEL_OPTIONS, type CatalogueFilters, type ListFilter } from './catalogue-filters';

export interface FilterPanelProps {
  filters: CatalogueFilters;
  onToggle: (filter: ListFilter, id: number, on: boolean) => void;
}

export function FilterPanel({ filters, onToggle }: FilterPanelProps) {
  const categories = useCategorySummary();
  const partners = useActiveInstitutions();
  const languages = useLanguages();

  return (
    <div className="filters">
      <FilterGroup title="Category" state={categories}>
        {categories.data?.map((c) => (
          <Checkbox key={c.courseCategoryId} isSelected={filters.categoryIds.includes(c.courseCategoryId)} onChange={(on) => onToggle('categoryId', c.courseCategoryId, on)}>
            <span className="filters__name">{c.courseCategory}</span>
            <span className="filters__count" aria-label={`${c.count} courses`}>
              {c.count}
            </span>
          </Checkbox>
        ))}
      </FilterGroup>
      <FilterGroup title="Level">
        {LEVEL_OPTIONS.map((level) => (
          <Checkbox key={level.id} isSelected={filters.levels.includes(level.id)} onChange={(on) => onToggle('level', level.id, on)}>
            {level.name}
          </Checkbox>
        ))}
      </FilterGroup>
      <FilterGroup title="Partner" state={partners}>
        {partners.data?.map((p) => (
          <Checkbox key={p.id} isSelected={filters.partnerIds.includes(p.id)} onChange={(on) => onToggle('partner', p.id, on)}>
            {p.fullName || p.name}
          </Checkbox>
        ))}
      </FilterGroup>
      <FilterGroup title="Language" state={languages}>
        {languages.data?.map((l) => (
          <Checkbox key={l.id} isSelected={filters.languageIds.includes(l.id)} onChange={(on) => onToggle('language', l.id, on)}>
            {l.name}
          </Checkbox>
        ))}
      </FilterGroup>
    </div>
  );
}

function FilterGroup({ title, state, children }: { title: string; state?: { isPending: boolean; isError: boolean }; children: ReactNode }) {
  return (
    <Disclosure className="filters__group" defaultExpanded>
      <Heading level={3} className="filters__heading">
        <AriaButton slot="trigger" className="filters__trigger">
          {title}
          <svg className="filters__chevron" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </AriaButton>
      </Heading>
      <DisclosurePanel className="filters__panel">
        {state?.isPending ? <p className="filters__note">Loading</p> : null}
        {state?.isError ? <p className="filters__note">Could not be loaded right now.</p> : null}
        <div className="filters__options">{children}</div>
      </DisclosurePanel>
    </Disclosure>
  );
}
