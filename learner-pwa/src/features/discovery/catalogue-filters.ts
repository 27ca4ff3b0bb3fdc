// The catalogue's state lives in its address, so a filtered list can be shared, bookmarked and
// restored by the back button. docs/decisions/005-catalogue-filters.md explains the parameters.
import type { CourseSearchBody } from '@rivet/shared/api/course';

/** Spec: the category parameter accepts top, new, topcategory or program; anything else is all. */
export type CategoryMode = 'all' | 'top' | 'new' | 'topcategory' | 'program';
const MODES: readonly CategoryMode[] = ['top', 'new', 'topcategory', 'program'];

export type ListFilter = 'categoryId' | 'level' | 'partner' | 'language';

export interface CatalogueFilters {
  search: string;
  mode: CategoryMode;
  categoryIds: number[];
  levels: number[];
  partnerIds: number[];
  languageIds: number[];
}

function ids(value: string | null): number[] {
  if (!value) return [];
  const out = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(out)];
}

export function readFilters(params: URLSearchParams): CatalogueFilters {
  const category = (params.get('category') ?? '').toLowerCase();
  return {
    search: params.get('search') ?? '',
    mode: (MODES as readonly string[]).includes(category) ? (category as CategoryMode) : 'all',
    categoryIds: ids(params.get('categoryId')),
    levels: ids(params.get('level')),
    // Partner pages link with ?institutionId=…; both spellings mean the partner filter.
    partnerIds: [...new Set([...ids(params.get('partner')), ...ids(params.get('institutionId'))])],
    languageIds: ids(params.get('language')),
  };
}

/** Every filter goes to the server at once: each list is any-of, lists combine with AND. */
export function searchBody(filters: CatalogueFilters): CourseSearchBody {
  return {
    courseCategoryIds: filters.categoryIds,
    parameter: filters.search.trim(),
    institutionIds: filters.partnerIds,
    courseLevels: filters.levels,
    languageIds: filters.languageIds,
  };
}

export function activeFilterCount(filters: CatalogueFilters): number {
  return filters.categoryIds.length + filters.levels.length + filters.partnerIds.length + filters.languageIds.length;
}

/** The address with one list filter's value toggled. */
export function toggleFilter(params: URLSearchParams, filter: ListFilter, id: number, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = filter === 'partner' ? readFilters(params).partnerIds : ids(params.get(filter));
  const values = on ? [...new Set([...current, id])] : current.filter((v) => v !== id);
  if (filter === 'partner') next.delete('institutionId');
  if (values.length) next.set(filter, values.join(','));
  else next.delete(filter);
  return next;
}

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['categoryId', 'level', 'partner', 'institutionId', 'language']) next.delete(key);
  return next;
}

export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (search.trim()) next.set('search', search);
  else next.delete('search');
  return next;
}

/** Spec: the level codes and their names. */
export const LEVEL_OPTIONS = [
  { id: 1, name: 'Beginner' },
  { id: 2, name: 'Intermediate' },
  { id: 3, name: 'Advanced' },
] as const;
