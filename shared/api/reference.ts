// Reference data the forms need: countries, course categories, languages, banks.
import * as v from 'valibot';
import { PUBLIC, defineEndpoint, staffWith } from './contract';
import { MAX_ID, queryBoolean, queryInt } from './fields';

export const countrySchema = v.object({ id: v.number(), countryName: v.string(), code1: v.string() });
export type Country = v.InferOutput<typeof countrySchema>;

export const listCountries = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Institution/Countries',
  summary: 'Countries for address and sign-up forms',
  access: PUBLIC,
  data: v.array(countrySchema),
});

export const courseCategorySchema = v.object({ id: v.number(), name: v.string(), code: v.string(), isActive: v.boolean() });
export type CourseCategory = v.InferOutput<typeof courseCategorySchema>;

export const listQuerySchema = v.object({
  IsActive: queryBoolean('IsActive'),
  UsePaging: queryBoolean('UsePaging'),
  Page: queryInt('Page', 1, 100_000, 1),
  PageSize: queryInt('PageSize', 1, 1000, 50),
});

export const listCourseCategories = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'CourseCategory/List',
  summary: 'Course categories (IsActive=true for active ones only; paging when UsePaging=true)',
  access: PUBLIC,
  query: listQuerySchema,
  data: v.object({ items: v.array(courseCategorySchema), totalRows: v.number() }),
});

export const languageSchema = v.object({ id: v.number(), name: v.string() });

export const listLanguages = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Language/List',
  summary: 'Course languages',
  access: PUBLIC,
  query: v.object({
    isActive: queryBoolean('isActive'),
    usePaging: queryBoolean('usePaging'),
    page: queryInt('page', 1, 100_000, 1),
    pageSize: queryInt('pageSize', 1, 1000, 50),
  }),
  data: v.object({ items: v.array(languageSchema), totalRows: v.number() }),
});

export const bankSchema = v.object({ id: v.number(), name: v.string(), code: v.string() });
export type Bank = v.InferOutput<typeof bankSchema>;

export const listBanks = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Partner/Banks',
  summary: 'Nigerian banks for settlement accounts (id picks one)',
  description: 'Active banks by name with their CBN/NIBSS codes; with id, that bank alone (even if inactive, so a stored account still shows its bank).',
  access: staffWith('manageinstitution', 'viewinstitution'),
  query: v.object({ id: queryInt('id', 0, MAX_ID, 0) }),
  data: v.array(bankSchema),
});
