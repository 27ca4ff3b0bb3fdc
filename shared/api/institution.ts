// Institution service: partners as learners and staff see them.
import * as v from 'valibot';
import { PUBLIC, defineEndpoint } from './contract';

const boolParam = v.optional(v.pipe(v.string(), v.transform((s) => s.toLowerCase() === 'true')));
const intParam = (fallback: number, max: number) =>
  v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(max)), String(fallback));

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
    Page: intParam(1, 100_000),
    PageSize: intParam(1000, 10_000),
    Id: intParam(0, 2_147_483_647),
    IsActive: boolParam,
    Search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  }),
  data: v.object({ items: v.array(institutionSchema), totalRows: v.number() }),
});
