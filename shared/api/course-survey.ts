// The course wizard's End of course Survey step (spec 001 §2.1, §3 Survey, §5 "Survey selection
// step", §7 Survey/List, Survey/Details/{id}, Course/Survey/Update; decision 034). Surveys are the
// platform's (the table has no institution): every partner's authors choose among the active ones.
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { COURSE_READERS } from './course-authoring';
import { id, pathId, queryBoolean } from './fields';

export const SURVEY_MESSAGES = {
  // §5
  required: 'Please select a Survey',
  // §8
  submitted: 'Course submitted for review',
  // Not in the spec: ours.
  saved: 'End of course survey saved',
  notFound: 'Survey not found',
  notActive: 'Choose one of the active surveys',
  noSurveyStep: 'This course has no End of course Survey: turn on the EOC survey in Basic Setup first',
  curriculumFirst: 'Build Curriculum has not been completed',
  surveyStepFirst: 'End of course Survey has not been completed: Please select a Survey',
  managersOnly: 'Only platform administrators see draft and inactive surveys',
} as const;

export const surveySummarySchema = v.object({
  surveyId: v.number(),
  title: v.string(),
  description: v.string(),
  /** When it was created (ISO 8601). */
  date: v.string(),
  isActive: v.boolean(),
  draft: v.boolean(),
  questionCount: v.number(),
  /** Who wrote it (their name), empty when unknown (seeded, or the account is gone). */
  createdBy: v.string(),
  /** How many learners have answered it. */
  responses: v.number(),
});
export type SurveySummary = v.InferOutput<typeof surveySummarySchema>;

export const surveyQuestionDetailSchema = v.object({
  surveyQuestionId: v.number(),
  question: v.string(),
  /** 1 Multiple Choice (one answer), 2 Free Text, 3 Rating. */
  questionType: v.picklist([1, 2, 3]),
  options: v.array(
    v.object({
      surveyQuestionOptionId: v.number(),
      surveyQuestionId: v.number(),
      option: v.string(),
      minValue: v.nullable(v.number()),
      maxValue: v.nullable(v.number()),
    }),
  ),
});
export type SurveyQuestionDetail = v.InferOutput<typeof surveyQuestionDetailSchema>;

export const surveyDetailSchema = v.object({ ...surveySummarySchema.entries, questions: v.array(surveyQuestionDetailSchema) });
export type SurveyDetail = v.InferOutput<typeof surveyDetailSchema>;

export const listSurveys = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Survey/List',
  summary: 'End-of-course surveys: Draft=true the drafts, otherwise the finished ones (IsActive=true the active ones only)',
  description:
    'Surveys are the platform’s, shared by every partner. Course authors and reviewers see the active, finished surveys a course can be given (Draft=false&IsActive=true); drafts and inactive surveys are for the platform administrators who manage surveys (SUPER ADMIN, RIVET ADMIN; 403 for anyone else). Newest first.',
  access: staffWith(...COURSE_READERS),
  query: v.object({ Draft: queryBoolean('Draft'), IsActive: queryBoolean('IsActive') }),
  data: v.array(surveySummarySchema),
  errors: [400, 401, 403],
});

export const getSurveyDetails = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Survey/Details/{id}',
  summary: 'A survey with its questions and options, in order',
  description: 'Course authors and reviewers read finished surveys (active or not: a course may keep one that was deactivated later); a draft is 404 for anyone but the platform administrators who manage surveys.',
  access: staffWith(...COURSE_READERS),
  params: v.object({ id: pathId('id') }),
  data: surveyDetailSchema,
  errors: [400, 401, 403, 404],
});

export const updateCourseSurveySchema = v.object({
  courseId: id('courseId'),
  surveyId: id('surveyId', SURVEY_MESSAGES.required),
});
export type UpdateCourseSurveyInput = v.InferInput<typeof updateCourseSurveySchema>;

export const courseSurveySavedSchema = v.object({
  courseId: v.number(),
  surveyId: v.number(),
  /** The stored step: 5 (Pricing) for a paid course. */
  stepNo: v.number(),
  /** A free course is submitted for review by this call (nothing follows the survey step). */
  submitted: v.boolean(),
  draft: v.boolean(),
  approvalStatus: v.number(),
});
export type CourseSurveySaved = v.InferOutput<typeof courseSurveySavedSchema>;

export const updateCourseSurvey = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Survey/Update',
  summary: 'End of course Survey step: give a draft course its survey (then Pricing, or Submit for Review when free)',
  description:
    'The course must have the survey step (hasSurvey) and a completed curriculum; the survey must be active and finished. A paid course records the survey and moves on to Pricing (stored step 5). A free course has nothing after this step: it must be complete (as for Course/Pricing) and is submitted for review in the same transaction (approvalStatus 1, draft false, “Course submitted for review”). Institution staff reach only their own institution’s courses (404 for another’s). 409 once the course is no longer a draft. Written to the audit trail.',
  access: staffWith('createCourse'),
  audit: { module: 'Course', action: 'SurveyUpdate' },
  confine: 'institution',
  body: updateCourseSurveySchema,
  data: courseSurveySavedSchema,
  errors: [400, 401, 403, 404, 409],
});
