// Institution service: partners as learners and staff see them.
import * as v from 'valibot';
import { PUBLIC, defineEndpoint } from './contract';
import { MAX_ID, queryBoolean, queryInt, text } from './fields';

export const institutionSchema = v.object({
  id: v.number(),
  name: v.string(),
  fullName: v.string(),
  code: v.string(),
  isActive: v.boolean(),
  email: v.string(),
  website: v.nullable(v.string()),
  address: v.nullable(v.string()),
  overView: v.nullable(v.string()),
  logoUrl: v.nullable(v.string()),
  bannerUrl: v.nullable(v.string()),
  thumbnailUrl: v.nullable(v.string()),
  /** Learners enrolled in the institution's courses. */
  students: v.number(),
  /** Courses learners can see. */
  courses: v.number(),
});
export type Institution = v.InferOutput<typeof institutionSchema>;

export const searchInstitutions = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Institution/Search',
  summary: 'Partner institutions (learners and anonymous callers see active ones only)',
  description: 'IsActive filters for staff; for everyone else only active partners are returned whatever is asked. The platform’s own record is never listed.',
  access: PUBLIC,
  query: v.object({
    Page: queryInt('Page', 1, 100_000, 1),
    PageSize: queryInt('PageSize', 1, 10_000, 1000),
    Id: queryInt('Id', 0, MAX_ID, 0),
    IsActive: queryBoolean('IsActive'),
    Search: v.optional(text(200), ''),
  }),
  data: v.object({ items: v.array(institutionSchema), totalRows: v.number() }),
});
