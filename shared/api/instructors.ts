// Course service: a partner's instructors (issue 28; docs/decisions/075). The spec names only
// Instructor/List, the wizard's dropdown (course-authoring.ts); it has no screen that adds one, so a
// partner made from nothing could never publish. These paths follow its style: the console's
// Settings › Instructors lists, adds, renames and (de)activates them, and the wizard's Instructor
// Name adds one on the spot with Instructor/Create. Whoever may author courses (createCourse) may
// manage their partner's instructors; platform staff any partner's.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, id, noControlCharacters, queryId, queryInt, requiredQueryBoolean, text } from './fields';
import { instructorSchema } from './course-authoring';

export const INSTRUCTOR_MESSAGES = {
  name: 'Please enter the instructor’s name',
  partner: 'Please choose the partner',
  created: 'Instructor added successfully',
  updated: 'Instructor updated successfully',
  activated: 'Record Activated',
  deactivated: 'Record deactivated',
  createFailed: 'Failed to add instructor',
  updateFailed: 'Failed to update instructor',
  toggleFailed: 'Failed to activate/deactivate instructor',
  notFound: 'Instructor not found',
  partnerNotFound: 'Partner not found',
  nothingChanged: 'Change the name first',
  nameTaken: (name: string) => `This partner already has an instructor named “${name}”`,
} as const;

export const INSTRUCTOR_NAME_MAX = 120;
/** Spec 001 §9: lists show 50 rows a page. */
export const INSTRUCTOR_PAGE_SIZE = 50;

/** Trimmed, inner runs of spaces made one: “Ada  Obi” and “Ada Obi” are one instructor. */
export const normaliseInstructorName = (typed: string) => typed.trim().replace(/\s+/g, ' ');

/** A required name: missing, blank and too long each have their message; control characters are refused. */
export const instructorName = () =>
  v.pipe(
    v.optional(v.nullable(v.string(INSTRUCTOR_MESSAGES.name)), ''),
    v.transform((s) => normaliseInstructorName(s ?? '')),
    v.nonEmpty(INSTRUCTOR_MESSAGES.name),
    v.maxLength(INSTRUCTOR_NAME_MAX, `At most ${INSTRUCTOR_NAME_MAX} characters`),
    noControlCharacters(),
  );

export const managedInstructorSchema = v.object({
  ...instructorSchema.entries,
  /** Courses of the partner that name this instructor (drafts, in review and published). */
  courses: v.number(),
});
export type ManagedInstructor = v.InferOutput<typeof managedInstructorSchema>;

export const instructorPartnerSchema = v.object({
  id: v.number(),
  name: v.string(),
  fullName: v.string(),
  isActive: v.boolean(),
  activeInstructors: v.number(),
});
export type InstructorPartner = v.InferOutput<typeof instructorPartnerSchema>;

const AUTHOR = 'createCourse';

export const listInstructorPartners = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Instructor/Partners',
  summary: 'Instructors screen: the partners whose instructors the caller may manage, with how many are active',
  description: 'Not in the spec (decision 075). Platform staff get every partner (active and inactive), or the one Id names; a partner’s staff get their own only. Ordered by name.',
  access: staffWith(AUTHOR),
  confine: 'institution',
  query: v.object({ Page: queryInt('Page', 1, 100_000, 1), PageSize: queryInt('PageSize', 1, 1000, INSTRUCTOR_PAGE_SIZE), Id: queryInt('Id', 0, MAX_ID, 0) }),
  data: v.object({ items: v.array(instructorPartnerSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const searchInstructors = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Instructor/Search',
  summary: 'A partner’s instructors for the console: searched by name, active and inactive, a page at a time',
  description:
    'Not in the spec (decision 075; the wizard’s dropdown stays Instructor/List). Search matches any part of the name, whatever its case; IsActive=true or false keeps one kind. Ordered by name. A partner’s staff reach only their own partner (403 for another).',
  access: staffWith(AUTHOR),
  confine: 'institution',
  query: v.object({
    InstitutionId: queryId('InstitutionId', INSTRUCTOR_MESSAGES.partner),
    Search: v.optional(text(INSTRUCTOR_NAME_MAX), ''),
    IsActive: v.optional(v.picklist(['true', 'false', ''], 'IsActive must be true or false'), ''),
    Page: queryInt('Page', 1, 100_000, 1),
    PageSize: queryInt('PageSize', 1, 1000, INSTRUCTOR_PAGE_SIZE),
  }),
  data: v.object({ items: v.array(managedInstructorSchema), totalRows: v.number() }),
  errors: [400, 401, 403, 404],
});

export const createInstructorSchema = v.object({
  institutionId: id('institutionId', INSTRUCTOR_MESSAGES.partner),
  name: instructorName(),
});
export type CreateInstructorInput = v.InferInput<typeof createInstructorSchema>;

export const createInstructor = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Instructor/Create',
  summary: 'Add an instructor to a partner (active at once)',
  description: `The name is trimmed (inner spaces made one), 1 to ${INSTRUCTOR_NAME_MAX} characters, and unique within the partner whatever its case (409). A partner’s staff add only to their own partner (403). Written to the audit trail.`,
  access: staffWith(AUTHOR),
  audit: { module: 'Instructor', action: 'Create' },
  confine: 'institution',
  body: createInstructorSchema,
  data: managedInstructorSchema,
  errors: [400, 401, 403, 404, 409],
});

export const updateInstructorSchema = v.object({ id: id('id'), name: instructorName() });

export const updateInstructor = defineEndpoint({
  service: 'Course',
  method: 'PUT',
  path: 'Instructor/Update',
  summary: 'Rename an instructor',
  description:
    'The same rules as Create. Courses keep the name they were saved with (decision 075): a rename changes what the wizard offers from now on, not what learners read on a course already written. Written to the audit trail.',
  access: staffWith(AUTHOR),
  audit: { module: 'Instructor', action: 'Update' },
  confine: 'institution',
  body: updateInstructorSchema,
  data: managedInstructorSchema,
  errors: [400, 401, 403, 404, 409],
});

export const toggleInstructor = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Instructor/ActivateDeactivate',
  summary: 'Activate (isActive=true) or deactivate (isActive=false) an instructor',
  description:
    'Nothing is deleted. An inactive instructor is no longer offered by the wizard; courses that name them keep the name, and a draft that has it may still be saved with it (decision 075). Written to the audit trail.',
  access: staffWith(AUTHOR),
  audit: { module: 'Instructor', action: 'ActivateDeactivate' },
  confine: 'institution',
  query: v.object({ id: queryId('id'), isActive: requiredQueryBoolean('isActive') }),
  data: managedInstructorSchema,
  errors: [400, 401, 403, 404],
});
