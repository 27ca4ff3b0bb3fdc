// Course authoring, first slice (spec 001 §2.1–§2.3, §3 Course, §5, §7 Course service, §8;
// docs/decisions/029): Basic Setup and Additional Information of the course wizard, the course's
// working state read back, and the lists its dropdowns need (instructors, currencies).
import * as v from 'valibot';
import { COURSE_LEVELS, COURSE_TYPES, isCalendarDate, isEffort } from '../domain/course-authoring';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, id, optionalQueryInt, pathId, queryBoolean, required, text } from './fields';

export const COURSE_AUTHORING_MESSAGES = {
  // §5 Basic info
  title: 'Title is required',
  description: 'Description is required',
  category: 'Course Category is required',
  courseType: 'Course Type is required',
  startDate: 'Start Date is required',
  // §5 Additional info
  headline: 'Headline is required',
  overview: 'Overview is required',
  courseLevel: 'Course level is required',
  language: 'Language is required',
  objectives: 'Objectives is required',
  effort: 'Effort is required',
  instructor: 'Instructor name is required',
  thumbnail: 'Course thumbnail is required',
  banner: 'Course banner is required',
  unsupportedFile: 'Unsupported file selected.',
  // §8
  created: 'Course created successfully',
  additionalSaved: 'Course additional information added successfully',
  savedAsDraft: 'Saved as draft',
  // Not in the spec: the masks' and references' own messages.
  updated: 'Course updated successfully',
  startDateFormat: 'Enter the start date as yyyy-mm-dd',
  effortFormat: 'Enter the effort as “N to M hours per week” (N from 1 to 9, M up to 59)',
  imageSize: 'Images must be 4 MB or smaller.',
  partner: 'Choose the partner this course belongs to',
  partnerNotFound: 'Partner not found',
  categoryInactive: 'Choose an active course category',
  languageUnknown: 'Choose a language from the list',
  instructorUnknown: 'Choose an instructor from the partner’s list',
  notFound: 'Course not found',
  notDraft: 'This course has been submitted for review and can no longer be changed here',
  promoNotInLibrary: 'This file is not in the partner’s content library',
  promoBoth: 'Send either a new promotional video or its removal, not both',
  promoUploading: 'Wait for the promotional video to finish uploading',
} as const;

/** “The promotional video is too large: the limit is 500 MB.” (client and server alike). */
export const promoTooLargeMessage = (limitBytes: number) => `The promotional video is too large: the limit is ${Math.floor(limitBytes / 1_048_576)} MB.`;

const M = COURSE_AUTHORING_MESSAGES;

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 2000;
export const HEADLINE_MAX = 200;
/** Sanitised HTML of Overview and Objectives (decision 029: about 1,000 words of text). */
export const RICH_TEXT_MAX = 8000;
export const COURSE_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
/** The image types §5 accepts, as the browser names them (the server judges the content). */
export const COURSE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** §2.3's guideline sizes; uploads are shrunk to fit them (never enlarged). */
export const COURSE_IMAGE_SIZES = { thumbnail: { width: 1125, height: 796 }, banner: { width: 1024, height: 498 } } as const;

const courseTypeIds = COURSE_TYPES.map((t) => t.id);
const courseLevelIds = COURSE_LEVELS.map((l) => l.id);

const startDate = v.pipe(required(M.startDate, 10), v.check(isCalendarDate, M.startDateFormat));

/** Basic Setup (§2.2): the console's form and the call's body share these rules. */
export const basicSetupEntries = {
  title: required(M.title, COURSE_TITLE_MAX),
  description: v.pipe(
    v.optional(v.nullable(v.string(M.description)), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(M.description),
    text(COURSE_DESCRIPTION_MAX, { multiline: true }),
  ),
  courseCategoryId: id('Course Category', M.category),
  courseType: v.picklist(courseTypeIds, M.courseType),
  startDate,
  isPaid: v.optional(v.boolean('isPaid must be true or false'), false),
  hasSurvey: v.optional(v.boolean('hasSurvey must be true or false'), false),
};

export const createUpdateCourseSchema = v.object({
  /** Present when updating a draft. */
  courseId: v.optional(v.nullable(id('courseId'))),
  /**
   * The partner the course belongs to: an institution's staff may leave it out (their own is used)
   * and cannot name another; platform authors must choose one.
   */
  institutionId: v.optional(v.nullable(id('institutionId'))),
  ...basicSetupEntries,
});
export type CreateUpdateCourseInput = v.InferInput<typeof createUpdateCourseSchema>;

export const courseDraftSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  description: v.string(),
  courseCategoryId: v.number(),
  courseCategoryName: v.string(),
  courseType: v.number(),
  courseTypeName: v.string(),
  /** yyyy-mm-dd */
  startDate: v.nullable(v.string()),
  institutionId: v.number(),
  institution: v.string(),
  isPaid: v.boolean(),
  hasSurvey: v.boolean(),
  /** The End of course Survey chosen (Course/Survey/Update); null until then. */
  surveyId: v.nullable(v.number()),
  headLine: v.nullable(v.string()),
  /** Sanitised HTML, exactly as stored and as learners see it. */
  overView: v.nullable(v.string()),
  courseLevel: v.nullable(v.number()),
  courseLevelName: v.string(),
  languageId: v.nullable(v.number()),
  objectives: v.nullable(v.string()),
  effort: v.nullable(v.string()),
  instructorName: v.nullable(v.string()),
  courseThumbNailUrl: v.nullable(v.string()),
  courseBannerUrl: v.nullable(v.string()),
  /** Public address of the promotional video (/media/promo/…), or null (decision 036). */
  coursePromotionalVideoUrl: v.nullable(v.string()),
  /** The largest promotional video the server takes (PROMO_VIDEO_MAX_MB), so the console can refuse one before uploading it. */
  promotionalVideoMaxBytes: v.number(),
  promote: v.boolean(),
  /** The price in naira as Pricing stored it (0 until then, and for a free course). */
  basePrice: v.number(),
  vat: v.number(),
  gatewayCharge: v.number(),
  coursePrice: v.number(),
  approvalStatus: v.number(),
  draft: v.boolean(),
  /** The step an opened course resumes at (§2.1). */
  stepNo: v.number(),
  /** Why the course was last rejected, until it is submitted again (decision 043). */
  reviewComment: v.optional(v.nullable(v.string())),
  /** Set when this is a revision of a published course (decision 048): that course's id. */
  revisionOfCourseId: v.optional(v.nullable(v.number())),
  /**
   * Why the caller may not approve or reject this course under separation of duties (decision 076:
   * they authored or last edited it; a partner's levels are its own staff's), or null.
   */
  reviewConflict: v.optional(v.nullable(v.string())),
});
export type CourseDraft = v.InferOutput<typeof courseDraftSchema>;

const AUTHOR = ['createCourse'] as const;

/**
 * Who may read a course in the wizard: its authors, and the reviewers who open it in review mode
 * (spec §6: approve, manage QA or view QA; decision 034). Reviewers without createCourse read only
 * courses submitted for review, never drafts.
 */
export const COURSE_REVIEWERS = ['approvecourse', 'manageCourseQA', 'viewCourseQA'] as const;
export const COURSE_READERS = ['createCourse', ...COURSE_REVIEWERS] as const;

export const createUpdateCourse = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/CreateUpdate',
  summary: 'Basic Setup: create a draft course, or update one when courseId is sent',
  description:
    'The course belongs to the caller’s institution (institution staff) or to the partner a platform author names in institutionId. Only drafts can be changed here (409 otherwise). The category must be active. Saving moves the stored step on to 2 (never back). data is the course id. Written to the audit trail.',
  access: staffWith(...AUTHOR),
  audit: { module: 'Course', action: 'CreateUpdate' },
  confine: 'institution',
  body: createUpdateCourseSchema,
  data: v.number(),
  errors: [400, 401, 403, 404, 409],
});

const formBoolean = (name: string) =>
  v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(['true', 'false'], `${name} must be true or false`), v.transform((s) => s === 'true')), 'false');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const richText = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty(message),
    text(RICH_TEXT_MAX, { multiline: true, tooLong: `At most ${RICH_TEXT_MAX.toLocaleString('en-NG')} characters of formatted text` }),
  );

const formChoice = (message: string, ids: readonly number[]) =>
  v.pipe(required(message, 10), v.regex(/^\d{1,10}$/, message), v.toNumber(), v.check((n: number) => ids.includes(n), message));

/** Additional Information (§2.3, §5) as the multipart call carries it (files come apart). */
export const otherDetailsSchema = v.object({
  CourseId: v.pipe(required('CourseId is required', 10), v.regex(/^[1-9]\d{0,9}$/, 'CourseId must be a whole number from 1 to 2147483647'), v.toNumber(), v.maxValue(MAX_ID, 'CourseId must be a whole number from 1 to 2147483647')),
  HeadLine: required(M.headline, HEADLINE_MAX),
  OverView: richText(M.overview),
  CourseLevel: formChoice(M.courseLevel, courseLevelIds),
  LanguageId: v.pipe(required(M.language, 10), v.regex(/^[1-9]\d{0,9}$/, M.language), v.toNumber(), v.maxValue(MAX_ID, M.language)),
  Objectives: richText(M.objectives),
  Effort: v.pipe(required(M.effort, 40), v.check(isEffort, M.effortFormat)),
  InstructorName: required(M.instructor, 200),
  Promote: formBoolean('Promote'),
  /**
   * The promotional video: `data.guid` of Course/UploadComplete (kind video) for the course's
   * partner. The video itself goes up in chunks (decision 036), so this form never carries it.
   */
  CoursePromotionalVideoGuid: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || UUID.test(s), 'CoursePromotionalVideoGuid must be a file id from the content library'))),
  /** true removes the promotional video (it is optional, §5). Neither field keeps the current one. */
  RemoveCoursePromotionalVideo: formBoolean('RemoveCoursePromotionalVideo'),
  /** 2 for Save Draft (stay on the step), 3 for Continue (the curriculum step is next). */
  StepNo: v.optional(v.picklist(['2', '3'], 'StepNo must be 2 or 3'), '3'),
});

export const updateOtherDetails = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Update/OtherDetails',
  summary: 'Additional Information of a draft course (multipart; CourseThumbNail and CourseBanner are the images)',
  description:
    'Every field of §5 is checked, on Save Draft (StepNo 2, the stored step stays) as on Continue (StepNo 3). Overview and Objectives are sanitised against an allow-list before they are stored (decision 029) and must keep some text. A thumbnail and a banner are required once: 400 while none is stored and none is sent. Images (png, jpeg or gif by content, at most 4 MB) are re-encoded and shrunk to the guideline sizes. The promotional video is uploaded beforehand with Course/UploadChunks and Course/UploadComplete (kind video) and named here by CoursePromotionalVideoGuid: it must be an mp4 of the course’s partner’s content library within PROMO_VIDEO_MAX_MB; it is then served publicly (coursePromotionalVideoUrl, /media/promo/…, with range requests). RemoveCoursePromotionalVideo=true removes it. The instructor must be one of the partner’s active instructors (Instructor/List; any case, the stored spelling is kept), or the name the course already has, even if that instructor has since been deactivated or renamed (decision 075). Answers the saved course; written to the audit trail.',
  access: staffWith(...AUTHOR),
  audit: { module: 'Course', action: 'UpdateOtherDetails' },
  confine: 'institution',
  form: true,
  files: {
    CourseThumbNail: { description: 'The thumbnail: png, jpeg or gif by content, at most 4 MB. Required while none is stored.' },
    CourseBanner: { description: 'The banner: png, jpeg or gif by content, at most 4 MB. Required while none is stored.' },
  },
  maxBodyBytes: 2 * COURSE_IMAGE_MAX_BYTES + 1024 * 1024,
  body: otherDetailsSchema,
  data: courseDraftSchema,
  errors: [400, 401, 403, 404, 409],
});

export const getCourseForUpdate = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Update/{id}',
  summary: 'A course’s working state for the wizard, with the step it resumes at',
  description: 'Institution staff read only their own institution’s courses (404 for another’s). Reviewers (approvecourse, manageCourseQA, viewCourseQA) read it for review mode; without createCourse they read only courses submitted for review (a draft is 404).',
  access: staffWith(...COURSE_READERS),
  confine: 'institution',
  params: v.object({ id: pathId('id') }),
  data: courseDraftSchema,
  errors: [400, 401, 403, 404],
});

/** Whether the wizard may change a course now, and why not (spec 001 §7 Course/Update/Check/{id}). */
export const courseEditCheckSchema = v.object({
  courseId: v.number(),
  canEdit: v.boolean(),
  /** draft, partnerReview, qaReview, published or rejected (decision 037). */
  stage: v.picklist(['draft', 'partnerReview', 'qaReview', 'published', 'rejected']),
  approvalStatus: v.number(),
  stepNo: v.number(),
  /** What to tell the author when canEdit is false ('Awaiting Approval' while a review is pending). */
  message: v.nullable(v.string()),
  /**
   * A published course is changed through a revision (decision 048): the open revision's id, if
   * any (null: Course/Revision creates one). canEdit is true when a revision may be started or
   * continued, false with 'Awaiting Approval' while one waits for review.
   */
  revisionId: v.optional(v.nullable(v.number())),
});
export type CourseEditCheck = v.InferOutput<typeof courseEditCheckSchema>;

export const EDIT_CHECK_MESSAGES = {
  awaitingApproval: 'Awaiting Approval',
  /** Spec 002 §4: what the 'Awaiting Approval' dialog says. */
  awaitingApprovalText: 'This course cannot be updated now because previous updates are being reviewed.',
  published: 'This course is published: learners are studying it, so it cannot be changed here',
} as const;

export const checkCourseForUpdate = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Update/Check/{id}',
  summary: 'Whether the course can be edited in the wizard now, and why not',
  description:
    'Asked before opening a course to edit it. A draft or a rejected course can be edited (a rejected one becomes a draft again when the author saves it; decision 037); a course waiting for review answers canEdit false with “Awaiting Approval”; a published one answers false with why. Institution staff read only their own institution’s courses (404 for another’s).',
  access: staffWith(...COURSE_READERS),
  confine: 'institution',
  params: v.object({ id: pathId('id') }),
  data: courseEditCheckSchema,
  errors: [400, 401, 403, 404],
});

export const courseRevisionSchema = v.object({
  /** The revision to open in the wizard. */
  courseId: v.number(),
  /** The published course it will replace when approved. */
  revisionOfCourseId: v.number(),
  /** True when this call made the revision; false when it continues the open one. */
  created: v.boolean(),
  stepNo: v.number(),
});
export type CourseRevision = v.InferOutput<typeof courseRevisionSchema>;

export const startCourseRevision = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Revision/{id}',
  summary: 'Update a published course: open (or create) its revision, a draft copy that goes through review',
  description:
    'Designed here (decision 048). Learners keep the published course until the revision is approved by the partner’s workflow and QA; approval then replaces the published content in one transaction, keeping the ids (and learners’ progress) of the sections the revision kept. One revision at a time: while it waits for review this answers 409 “Awaiting Approval” and changes nothing; a draft or rejected revision is continued. Institution staff update only their own partner’s courses (404 for another’s). Written to the audit trail.',
  access: staffWith('createCourse'),
  audit: { module: 'Course', action: 'Revision' },
  confine: 'institution',
  params: v.object({ id: pathId('id') }),
  data: courseRevisionSchema,
  errors: [400, 401, 403, 404, 409],
});

export const instructorSchema = v.object({ id: v.number(), name: v.string(), institutionId: v.number(), isActive: v.boolean() });
export type Instructor = v.InferOutput<typeof instructorSchema>;

export const listInstructors = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Instructor/List',
  summary: 'A partner’s instructors, by name (IsActive=true for active ones only)',
  description: 'Institution staff get their own institution’s (asking for another is 403); platform staff get the partner they name, or every partner’s without InstitutionId.',
  access: staffWith(...AUTHOR),
  confine: 'institution',
  query: v.object({ InstitutionId: optionalQueryInt('InstitutionId', 1, MAX_ID), IsActive: queryBoolean('IsActive') }),
  data: v.array(instructorSchema),
  errors: [400, 401, 403],
});

export const currencySchema = v.object({ id: v.number(), name: v.string() });
export type Currency = v.InferOutput<typeof currencySchema>;

/** Prices are in naira only (§1, §9). */
export const CURRENCIES: readonly Currency[] = [{ id: 1, name: 'NGN' }];

export const listCurrencies = defineEndpoint({
  service: 'Configuration',
  method: 'GET',
  path: 'Currency/List',
  summary: 'Currencies a course can be priced in (NGN only)',
  access: staffWith(...COURSE_READERS),
  data: v.array(currencySchema),
  errors: [401, 403],
});
