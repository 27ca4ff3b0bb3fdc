// Course service: Course Configuration, the course categories (spec 001 §2.9, §3, §4, §5, §7;
// spec 002 §2.12). Categories are the platform's: every partner files its courses under them and
// the catalogue filters by them, so only platform roles may change them (manageCourseConfiguration);
// institution staff with viewCourseConfiguration see the list read-only (docs/decisions/039).
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { pathId, queryId, required } from './fields';
import { courseCategorySchema } from './reference';

export const CATEGORY_MESSAGES = {
  // Not in the spec, which only disables Save until both are filled (§5).
  name: 'Please enter the category name',
  code: 'Please enter the category code',
  codeShape: 'The code may hold only letters, digits and dashes',
  nothingChanged: 'Change the name or the code first',
  created: 'Course category created successfully',
  updated: 'Course category updated successfully',
  // 002 §8's own words for the category toggle (not the other records' "Record Activated").
  activated: 'Course Category Activated',
  deactivated: 'Course Category Deactivated',
  activateFailed: 'Failed to activate course category',
  deactivateFailed: 'Failed to deactivate course category',
  notFound: 'Course category not found',
  nameTaken: (name: string) => `A category named “${name}” already exists`,
  codeTaken: (code: string) => `The code ${code} is already in use`,
} as const;

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_CODE_MAX = 50;
/** Codes are upper-case words joined by dashes (PRODUCTIVITY, DIGITAL-SKILLS), as the seed's are. */
export const CATEGORY_CODE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/** Upper-cased, spaces and underscores to dashes: what the code field shows as it is typed. */
export const normaliseCategoryCode = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-{2,}/g, '-');

const code = () => v.pipe(required(CATEGORY_MESSAGES.code, CATEGORY_CODE_MAX), v.transform(normaliseCategoryCode), v.regex(CATEGORY_CODE, CATEGORY_MESSAGES.codeShape));

export const createCategorySchema = v.object({
  name: required(CATEGORY_MESSAGES.name, CATEGORY_NAME_MAX),
  code: code(),
});
export type CreateCategoryInput = v.InferInput<typeof createCategorySchema>;

export const createCourseCategory = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'CourseCategory/Create',
  summary: 'Add a course category: name and code',
  description: 'Names (whatever their case) and codes are unique (409). The code is upper-cased with dashes for spaces. A new category is active. Written to the audit trail.',
  access: staffWith('manageCourseConfiguration'),
  audit: { module: 'CourseCategory', action: 'Create' },
  body: createCategorySchema,
  data: courseCategorySchema,
  errors: [400, 401, 403, 409],
});

/** §5: on edit only the changed name or code is sent, so both are optional here; at least one must come. */
export const updateCourseCategory = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'CourseCategory/Update',
  summary: 'Rename a course category or change its code (only what changed is sent)',
  description: 'Either or both of name and code; a blank one given is refused with its message. Courses keep their category: they follow the new name at once. Written to the audit trail.',
  access: staffWith('manageCourseConfiguration'),
  audit: { module: 'CourseCategory', action: 'Update' },
  query: v.pipe(
    v.object({
      id: queryId('id'),
      name: v.optional(required(CATEGORY_MESSAGES.name, CATEGORY_NAME_MAX)),
      code: v.optional(code()),
    }),
    v.check((q) => q.name !== undefined || q.code !== undefined, CATEGORY_MESSAGES.nothingChanged),
  ),
  data: courseCategorySchema,
  errors: [400, 401, 403, 404, 409],
});

/**
 * The spec's call is a GET; a call that changes data is not one (browsers, proxies and prefetchers
 * may repeat a GET), so this is a POST on the same path (docs/decisions/039).
 */
export const toggleCourseCategory = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'CourseCategory/ActivateDeactivate/{id}',
  summary: 'Activate an inactive course category, or deactivate an active one',
  description: 'An inactive category is no longer offered to authors nor in the catalogue’s filters; courses already in it keep it and stay in the catalogue. Written to the audit trail.',
  access: staffWith('manageCourseConfiguration'),
  audit: { module: 'CourseCategory', action: 'ActivateDeactivate' },
  params: v.object({ id: pathId('id') }),
  data: courseCategorySchema,
  errors: [400, 401, 403, 404],
});
