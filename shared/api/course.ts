// Course service, learner side: catalogue search, category counts, course detail, enrolment.
import * as v from 'valibot';
import { PUBLIC, SIGNED_IN, defineEndpoint } from './contract';
import { MAX_ID, id, idList, optionalQueryInt, pathId, pathUserId, queryInt, smallintList, text, userId } from './fields';

export const priceSchema = v.object({
  /** What the learner pays, in naira (two decimals at most). */
  amount: v.number(),
  basePrice: v.number(),
  vat: v.number(),
  gatewayCharge: v.number(),
  currencyId: v.number(),
});

export const courseSummarySchema = v.object({
  courseId: v.number(),
  title: v.string(),
  description: v.string(),
  headLine: v.nullable(v.string()),
  institution: v.string(),
  institutionId: v.number(),
  institutionLogo: v.nullable(v.string()),
  courseCategoryId: v.number(),
  courseCategoryName: v.string(),
  courseLevel: v.number(),
  courseLevelName: v.string(),
  languageId: v.number(),
  language: v.string(),
  courseTypeName: v.string(),
  courseThumbNailUrl: v.nullable(v.string()),
  coursePrice: priceSchema,
  isPaid: v.boolean(),
  modules: v.number(),
  /** Total running time of the course's videos and reading estimates, in minutes. */
  duration: v.number(),
  effort: v.nullable(v.string()),
  promote: v.boolean(),
  publishDate: v.nullable(v.string()),
});
export type CourseSummary = v.InferOutput<typeof courseSummarySchema>;

export const courseSearchBodySchema = v.object({
  courseCategoryIds: idList('courseCategoryIds'),
  /** Free text; typos are tolerated. */
  parameter: v.optional(text(200, { tooLong: 'The search text is too long.' }), ''),
  institutionIds: idList('institutionIds'),
  /** Levels are codes in a smallint column (1 Beginner, 2 Intermediate, 3 Advanced), not ids. */
  courseLevels: smallintList('courseLevels'),
  languageIds: idList('languageIds'),
});
export type CourseSearchBody = v.InferInput<typeof courseSearchBodySchema>;

export const pagedQuerySchema = v.object({ Page: queryInt('Page', 1, 100_000, 1), PageSize: queryInt('PageSize', 1, 200, 50) });

export const searchCourses = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Search',
  summary: 'Search the catalogue: free text (typo-tolerant, ranked by relevance) and filters',
  description:
    'Only approved, published, active courses of active partners are returned. Each filter list is any-of; lists combine with AND. Without text, promoted then newest courses come first.',
  access: PUBLIC,
  query: pagedQuerySchema,
  body: courseSearchBodySchema,
  data: v.object({ items: v.array(courseSummarySchema), totalRows: v.number(), page: v.number(), pageSize: v.number() }),
});

export const categorySummarySchema = v.object({ courseCategoryId: v.number(), courseCategory: v.string(), count: v.number() });

export const summaryByCategory = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/SummaryByCatgory',
  summary: 'Active categories with the number of courses a learner can see in each',
  access: PUBLIC,
  data: v.array(categorySummarySchema),
});

export const outlineAssetSchema = v.object({
  assetType: v.picklist(['audio', 'image', 'video', 'article', 'quiz', 'compressVideo']),
  title: v.string(),
  /** Seconds for media, minutes of reading for articles; null when unknown. */
  duration: v.nullable(v.number()),
  durationDisplay: v.nullable(v.string()),
});

export const outlineModuleSchema = v.object({
  courseModuleId: v.number(),
  title: v.string(),
  items: v.array(v.object({ courseModuleItemId: v.number(), title: v.string(), courseModuleItemAssets: v.array(outlineAssetSchema) })),
});

export const courseDetailSchema = v.object({
  ...courseSummarySchema.entries,
  overView: v.nullable(v.string()),
  objectives: v.nullable(v.string()),
  instructorName: v.nullable(v.string()),
  courseBannerUrl: v.nullable(v.string()),
  coursePromotionalVideoUrl: v.nullable(v.string()),
  institutionEmail: v.string(),
  institutionCode: v.string(),
  institutionOverview: v.nullable(v.string()),
  startDate: v.nullable(v.string()),
  courseModules: v.array(outlineModuleSchema),
});
export type CourseDetail = v.InferOutput<typeof courseDetailSchema>;

export const getCourseById = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/GetCourseById/{id}',
  summary: 'A course’s public detail and curriculum outline (titles and durations, no content)',
  description: 'Designed here (the spec shows no path). 404 for courses learners cannot see (draft, pending, rejected, inactive, inactive partner).',
  access: PUBLIC,
  params: v.object({ id: pathId('id') }),
  data: courseDetailSchema,
  errors: [404],
});

export const institutionCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Institution/{institutionId}',
  summary: 'The courses a partner offers, e.g. “Other courses offered by …”',
  description: 'Designed here. `exclude` leaves one course out (the one being viewed).',
  access: PUBLIC,
  params: v.object({ institutionId: pathId('institutionId') }),
  query: v.object({ exclude: optionalQueryInt('exclude', 1, MAX_ID), ...pagedQuerySchema.entries }),
  data: v.object({ items: v.array(courseSummarySchema), totalRows: v.number(), page: v.number(), pageSize: v.number() }),
});

export const checkEnrollment = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/CheckEnrollment/{userId}/{courseId}',
  summary: 'Whether the signed-in learner is enrolled in a course, and where they stopped',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId(), courseId: pathId('courseId') }),
  data: v.object({ enrolled: v.boolean(), currentModule: v.nullable(v.number()), currentSection: v.nullable(v.number()) }),
  errors: [401, 403],
});

export const enrollInCourse = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Enroll',
  summary: 'Enrol the signed-in learner in a free course, or a paid one a discount code makes free',
  description:
    'A paid course is refused with 422: it goes through checkout, unless `discountCode` takes its whole price off (spec: a fully discounted course goes straight to the free-enrolment call); the code’s use is then recorded with a zero-amount transaction. Enrolling twice is harmless (the answer says so).',
  access: SIGNED_IN,
  body: v.object({
    userId: userId(),
    courseId: id('courseId'),
    discountCode: v.optional(v.nullable(text(64, { tooLong: 'The discount code is too long.' })), null),
  }),
  data: v.object({ enrolled: v.boolean() }),
  errors: [401, 403, 404, 422],
});
