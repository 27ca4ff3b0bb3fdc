// Manage Survey (spec 001 §2.9, §3 Survey, §4, §5 "Survey creation", §7 surveys, §8; issue 16;
// decision 047): the platform administrators' surveys — writing them (drafts, then finished),
// activating and deactivating them, assigning them to courses and reading their responses without
// the learners' identity. Survey/List and Survey/Details/{id} are the wizard's (course-survey.ts).
import * as v from 'valibot';
import { PLATFORM_ADMIN_ROLE_IDS } from '../domain/permissions';
import { defineEndpoint, staffInRoles } from './contract';
import { surveyDetailSchema } from './course-survey';
import { MAX_IDS, id, int, pathId, queryBoolean, queryInt, required, text } from './fields';

export const MANAGE_SURVEY_MESSAGES = {
  // §5
  titleRequired: 'Please add a survey title',
  questionRequired: 'Please type in questions where necessary',
  // §8
  assigned: 'Courses Assigned Successfully',
  unassigned: 'Course unAssigned Successfully',
  toggled: 'Survey Activated/Deactivated successfully',
  savedAsDraft: 'Saved as draft',
  draftUpdated: 'Draft updated successfully',
  updated: 'Survey updated successfully',
  created: 'Survey created successfully',
  // Not in the spec: ours.
  notFound: 'Survey not found',
  optionRequired: 'Please type in every option of a multiple choice question',
  twoOptions: 'A multiple choice question needs at least two options',
  tooManyOptions: 'A multiple choice question has at most 20 options',
  ratingRange: 'The rating scale must end above where it starts, with at most 21 boxes from 0 to 100',
  oneQuestion: 'A survey needs at least one question',
  tooManyQuestions: 'A survey has at most 50 questions',
  noCourse: 'Please select a course',
  notActive: 'Only an active, finished survey can be assigned to courses',
  courseNotFound: 'Course not found',
  hasSurvey: (title: string) => `“${title}” already has a survey: remove it from that survey first`,
  noSurvey: 'This course has no survey to remove',
  backToDraft: 'A finished survey cannot go back to being a draft',
  lockedQuestions: 'This survey has responses: its questions can no longer be changed (the title and description can). Create a new survey for new questions.',
  draftToggle: 'A draft cannot be activated: confirm it first',
} as const;
const M = MANAGE_SURVEY_MESSAGES;

export const SURVEY_TITLE_MAX = 200;
export const SURVEY_QUESTION_MAX = 500;
export const SURVEY_OPTION_MAX = 200;
export const MAX_SURVEY_QUESTIONS = 50;
export const MAX_SURVEY_OPTIONS = 20;
export const MAX_RATING_BOXES = 21;
export const RATING_LIMIT = 100;

const question = required(M.questionRequired, SURVEY_QUESTION_MAX);

/** 1 Multiple Choice (one answer), 2 Free Text, 3 Rating (spec §3). */
export const surveyQuestionInputSchema = v.variant('questionType', [
  v.object({
    questionType: v.literal(1),
    question,
    options: v.pipe(
      v.array(v.object({ option: required(M.optionRequired, SURVEY_OPTION_MAX) }), M.twoOptions),
      v.minLength(2, M.twoOptions),
      v.maxLength(MAX_SURVEY_OPTIONS, M.tooManyOptions),
    ),
  }),
  v.object({ questionType: v.literal(2), question }),
  v.pipe(
    v.object({
      questionType: v.literal(3),
      question,
      minValue: int('minValue', 0, RATING_LIMIT, M.ratingRange),
      maxValue: int('maxValue', 0, RATING_LIMIT, M.ratingRange),
    }),
    v.check((q) => q.maxValue > q.minValue && q.maxValue - q.minValue < MAX_RATING_BOXES, M.ratingRange),
  ),
], 'questionType must be 1 (Multiple Choice), 2 (Free Text) or 3 (Rating)');
export type SurveyQuestionInput = v.InferOutput<typeof surveyQuestionInputSchema>;

const surveyFields = {
  title: required(M.titleRequired, SURVEY_TITLE_MAX),
  description: v.optional(text(2000, { multiline: true }), ''),
  questions: v.pipe(v.array(surveyQuestionInputSchema, M.oneQuestion), v.minLength(1, M.oneQuestion), v.maxLength(MAX_SURVEY_QUESTIONS, M.tooManyQuestions)),
};

export const createSurveySchema = v.object(surveyFields);
export type CreateSurveyInput = v.InferInput<typeof createSurveySchema>;
export const updateSurveySchema = v.object({ surveyId: id('surveyId'), ...surveyFields });
export type UpdateSurveyInput = v.InferInput<typeof updateSurveySchema>;

const ACCESS = staffInRoles(...PLATFORM_ADMIN_ROLE_IDS);
const draftQuery = v.object({ Draft: queryBoolean('Draft') });

export const createSurvey = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Survey/Create',
  summary: 'Write a survey: Draft=true saves a draft (“Saved as draft”), otherwise a finished, active survey (“Survey created successfully”)',
  description:
    'The title is required, every question needs its text; a Multiple Choice question has 2 to 20 options, a Rating question a scale minValue..maxValue (whole numbers, at most 21 boxes). Questions and options keep the order given. SUPER ADMIN and RIVET ADMIN only. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Survey', action: 'Create' },
  query: draftQuery,
  body: createSurveySchema,
  data: surveyDetailSchema,
  errors: [400, 401, 403],
});

export const updateSurvey = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Survey/Update',
  summary: 'Rewrite a survey (Draft=true keeps a draft a draft; otherwise it is finished)',
  description:
    'The questions are replaced by the ones sent. A survey learners have answered keeps its questions (409 if they differ: title and description may still change) so that no answer loses its question (decision 047). A finished survey cannot become a draft again (409). Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Survey', action: 'Update' },
  query: draftQuery,
  body: updateSurveySchema,
  data: surveyDetailSchema,
  errors: [400, 401, 403, 404, 409],
});

/** The spec's GET (§7) became a POST: it changes data (as decision 039 did for categories). */
export const toggleSurvey = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Survey/Toggle/{id}',
  summary: 'Activate or deactivate a finished survey',
  description:
    'A deactivated survey is no longer offered to course authors, and learners of the courses it stays assigned to finish without it (nothing they answered is lost; reactivating brings it back). Drafts cannot be toggled (409). Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Survey', action: 'Toggle' },
  params: v.object({ id: pathId('id') }),
  data: v.object({ surveyId: v.number(), isActive: v.boolean() }),
  errors: [400, 401, 403, 404, 409],
});

export const surveyCourseSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  institution: v.string(),
  draft: v.boolean(),
  /** 1 pending review, 2 approved, 3 rejected, 4 pending QA. */
  approvalStatus: v.number(),
});
export type SurveyCourse = v.InferOutput<typeof surveyCourseSchema>;

export const SURVEY_COURSES_PAGE_SIZE = 10;

export const surveyCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Survey/Courses/{id}',
  summary: 'The courses a survey is assigned to, by title, a page at a time (10 by default)',
  description: 'search matches the course title or its partner.',
  access: ACCESS,
  params: v.object({ id: pathId('id') }),
  query: v.object({
    Page: queryInt('Page', 1, 100_000, 1),
    PageSize: queryInt('PageSize', 1, 100, SURVEY_COURSES_PAGE_SIZE),
    search: v.optional(text(200), ''),
  }),
  data: v.object({ items: v.array(surveyCourseSchema), totalRows: v.number() }),
  errors: [400, 401, 403, 404],
});

export const coursesWithoutSurvey = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/NoSurvey/Courses',
  summary: 'Active courses without a survey (what Add Course offers), by title, at most 50',
  description: 'search matches the course title or its partner. Every partner’s courses: surveys are the platform’s.',
  access: ACCESS,
  query: v.object({ search: v.optional(text(200), '') }),
  data: v.array(surveyCourseSchema),
  errors: [400, 401, 403],
});

export const assignSurveySchema = v.object({
  surveyId: id('surveyId'),
  courseIds: v.pipe(v.array(id('Each of courseIds'), M.noCourse), v.minLength(1, M.noCourse), v.maxLength(MAX_IDS, `At most ${MAX_IDS} courses at a time`)),
});

export const assignSurvey = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Survey/Assign',
  summary: 'Give courses without a survey this one (their End of course Survey is turned on)',
  description:
    'The survey must be active and finished (400). Every course must exist (404) and have no survey yet (409: remove it from its survey first); all are assigned or none. Written to the audit trail, one row per course.',
  access: ACCESS,
  audit: { module: 'Survey', action: 'Assign' },
  body: assignSurveySchema,
  data: v.object({ surveyId: v.number(), courseIds: v.array(v.number()) }),
  errors: [400, 401, 403, 404, 409],
});

/** The spec's GET (§7) became a POST: it changes data. */
export const unassignSurvey = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Survey/UnAssign/{id}',
  summary: 'Take a course’s survey away (its End of course Survey is turned off)',
  description: 'id is the course. Responses already given stay with the survey. 409 when the course has no survey. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Survey', action: 'UnAssign' },
  params: v.object({ id: pathId('id') }),
  data: v.object({ courseId: v.number(), surveyId: v.number() }),
  errors: [400, 401, 403, 404, 409],
});

export const surveyResultsSchema = v.object({
  surveyId: v.number(),
  title: v.string(),
  /** How many learners answered. */
  responses: v.number(),
  questions: v.array(
    v.object({
      surveyQuestionId: v.number(),
      question: v.string(),
      questionType: v.picklist([1, 2, 3]),
      /** Answers given to this question. */
      answered: v.number(),
      /** Multiple Choice: every option with how many chose it. */
      options: v.array(v.object({ surveyQuestionOptionId: v.number(), option: v.string(), count: v.number() })),
      /** Rating: every box of the scale with how many chose it, and the mean (null without answers). */
      ratings: v.array(v.object({ value: v.number(), count: v.number() })),
      average: v.nullable(v.number()),
      /** Free Text: the answers, sorted alphabetically so that nothing links them to each other or to a learner. */
      answers: v.array(v.string()),
    }),
  ),
});
export type SurveyResults = v.InferOutput<typeof surveyResultsSchema>;

export const surveyResponses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Survey/Responses/{id}',
  summary: 'A survey’s responses, summed up without the learners’ identity',
  description:
    'Counts per option, the rating distribution and free-text answers listed on their own (sorted, not by learner or time). No user, course or date of a response is returned (decision 047).',
  access: ACCESS,
  params: v.object({ id: pathId('id') }),
  data: surveyResultsSchema,
  errors: [400, 401, 403, 404],
});
