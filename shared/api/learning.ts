// Course service, studying side: the dashboard's lists, the player's content, progress, quiz
// scores, the post-course survey. Institution service: certificates and their public verification.
//
// Progress, quiz submissions and survey responses are *events*: each carries a client-generated
// `eventId` (UUID) and the client's time (`lastDateVisted`, spelt as the spec spells it). The
// server applies each event id at most once — a repeat answers with the first answer and
// `duplicate: true` — and merges progress monotonically, so the offline outbox can replay freely.
import * as v from 'valibot';
import { PUBLIC, SIGNED_IN, defineEndpoint } from './contract';
import { priceSchema } from './course';
import { MAX_ID, bounded, id, int, optionalQueryInt, pathCode, pathId, pathUserId, queryId, text, userId } from './fields';
const eventId = v.pipe(v.string('eventId is required'), v.uuid('eventId must be a UUID'));
const clientTime = v.pipe(v.string('lastDateVisted is required'), v.isoTimestamp('lastDateVisted must be an ISO date-time'));

// ── Dashboard and my learnings ────────────────────────────────────────────────────────────────

export const learnerCourseSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  description: v.string(),
  institution: v.string(),
  institutionId: v.number(),
  institutionLogo: v.nullable(v.string()),
  courseThumbNailUrl: v.nullable(v.string()),
  courseLevelName: v.string(),
  /** Minutes. */
  duration: v.number(),
  modules: v.number(),
  coursePrice: v.object({ amount: v.number() }),
  completed: v.boolean(),
  /** Whole percent of the course's sections completed (0–100). */
  percentage: v.number(),
  /** Where the learner stopped (module and section ids), null before the first visit. */
  currentModule: v.nullable(v.number()),
  currentSection: v.nullable(v.number()),
  enrolledAt: v.string(),
  lastVisitedAt: v.nullable(v.string()),
  completedAt: v.nullable(v.string()),
  hasSurvey: v.boolean(),
  /** The certificate, once generated. */
  certificateId: v.nullable(v.string()),
});
export type LearnerCourse = v.InferOutput<typeof learnerCourseSchema>;

export const enrolledCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Enrolled/{userId}',
  summary: 'Every course the learner is enrolled in, with progress, most recently visited first',
  description: 'Learners read only their own; platform staff with viewuser or manageuser may read any.',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId() }),
  data: v.array(learnerCourseSchema),
  errors: [401, 403],
});

export const completedCourses = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Completed/{userId}',
  summary: 'The courses the learner has completed, most recent first',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId() }),
  data: v.array(learnerCourseSchema),
  errors: [401, 403],
});

export const recentCourse = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Recent/{userId}',
  summary: 'The course the learner studied last (or enrolled in last), with where they stopped',
  description: 'Also answers the spec’s “current module and section of the recent course”: currentModule and currentSection are module and section ids. Null when the learner has no course.',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId() }),
  data: v.nullable(learnerCourseSchema),
  errors: [401, 403],
});

export const overallPercentage = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Overall/Percentage',
  summary: 'The signed-in learner’s overall progress: the mean of their enrolled courses’ percentages',
  access: SIGNED_IN,
  data: v.object({ percentage: v.number(), activeCourses: v.number(), completedCourses: v.number() }),
  errors: [401],
});

// ── The player ────────────────────────────────────────────────────────────────────────────────

export const ASSET_TYPE_NAMES = ['audio', 'image', 'video', 'article', 'quiz', 'compressVideo'] as const;
export type AssetTypeName = (typeof ASSET_TYPE_NAMES)[number];

export const quizQuestionSchema = v.object({
  /** Rich text (sanitised HTML). */
  question: v.string(),
  /** 0 single choice, 1 multiple choice. */
  type: v.picklist([0, 1]),
  /**
   * `isAnswer` is null when the quiz is Required for Certificate: its key stays on the server,
   * which alone marks the answers (docs/decisions/017). Practice quizzes carry it for Check Answer.
   */
  options: v.array(v.object({ title: v.string(), description: v.string(), isAnswer: v.nullable(v.boolean()) })),
});
export type QuizQuestion = v.InferOutput<typeof quizQuestionSchema>;

export const quizSchema = v.object({
  name: v.string(),
  description: v.string(),
  randomize: v.boolean(),
  timed: v.boolean(),
  /** Minutes (0–60), when timed. */
  duration: v.number(),
  pointPerQuestion: v.number(),
  /** “Required for Certificate”: the pass mark applies only when this is set, and the answer key is not sent. */
  requiredNextModule: v.boolean(),
  /** Percent. */
  passMark: v.number(),
  data: v.array(quizQuestionSchema),
});
export type Quiz = v.InferOutput<typeof quizSchema>;

export const playerAssetSchema = v.object({
  /** The asset id; for a quiz this is the courseQuizId. */
  courseModuleItemAssetId: v.number(),
  assetType: v.picklist(ASSET_TYPE_NAMES),
  title: v.string(),
  /**
   * Media address for this learner: signed, expiring, checked against the enrolment on every
   * request. Video: an mp4; `hlsUrl` as well when an HLS ladder exists. Compressed video: the
   * package's entry page (to show in a sandboxed frame). Image: the picture. Null for articles and quizzes.
   */
  url: v.nullable(v.string()),
  hlsUrl: v.nullable(v.string()),
  /**
   * Images: the author's description, the picture's alt text (decision 093); null for other types.
   * Absent from a copy a phone kept before it was sent.
   */
  altText: v.optional(v.nullable(v.string())),
  /** Article body (sanitised HTML). */
  body: v.nullable(v.string()),
  quiz: v.nullable(quizSchema),
  duration: v.nullable(v.number()),
  durationDisplay: v.nullable(v.string()),
  isCompleted: v.boolean(),
  /** Seconds into a video where the learner last was. */
  secondsWatched: v.number(),
});
export type PlayerAsset = v.InferOutput<typeof playerAssetSchema>;

export const playerSectionSchema = v.object({
  courseModuleItemId: v.number(),
  title: v.string(),
  isCompleted: v.boolean(),
  courseModuleItemAssets: v.array(playerAssetSchema),
});
export type PlayerSection = v.InferOutput<typeof playerSectionSchema>;

export const playerModuleSchema = v.object({
  courseModuleId: v.number(),
  title: v.string(),
  itemsCompleted: v.number(),
  items: v.array(playerSectionSchema),
});
export type PlayerModule = v.InferOutput<typeof playerModuleSchema>;

export const playerContentSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  description: v.string(),
  institution: v.string(),
  institutionId: v.number(),
  institutionLogo: v.nullable(v.string()),
  courseThumbNailUrl: v.nullable(v.string()),
  coursePrice: priceSchema,
  hasSurvey: v.boolean(),
  surveySubmitted: v.boolean(),
  completed: v.boolean(),
  percentage: v.number(),
  currentModule: v.nullable(v.number()),
  currentSection: v.nullable(v.number()),
  certificateId: v.nullable(v.string()),
  /** When the signed media addresses stop working; fetch the content again after this. */
  mediaExpiresAt: v.string(),
  /** The modules (the spec’s response calls them videos). */
  videos: v.array(playerModuleSchema),
});
export type PlayerContent = v.InferOutput<typeof playerContentSchema>;

export const enrolledCourseDetails = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Enrolled/Details/{userId}/{courseId}',
  summary: 'A course’s full content for the player, with the learner’s progress on every section',
  description: 'Only for a learner enrolled in the course (403 otherwise). Media addresses are signed for this learner and expire.',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId(), courseId: pathId('courseId') }),
  data: playerContentSchema,
  errors: [401, 403, 404],
});

/** What every progress-changing call answers: enough for the player to decide where to go next. */
export const progressResultSchema = v.object({
  /** The section (or quiz) this event was about is now complete. */
  isCompleted: v.boolean(),
  moduleCompleted: v.boolean(),
  courseCompleted: v.boolean(),
  hasSurvey: v.boolean(),
  surveySubmitted: v.boolean(),
  percentage: v.number(),
  /** This event id had been applied before; the answer is the current state. */
  duplicate: v.boolean(),
});
export type ProgressResult = v.InferOutput<typeof progressResultSchema>;

export const uploadViewingBodySchema = v.object({
  eventId,
  courseId: id('courseId'),
  /** Module id. */
  currentModule: id('currentModule'),
  /** Section id. */
  currentSection: id('currentSection'),
  /** Where in the video; omitted when the event only says where the learner is (a section opened and left), which leaves the stored video time alone. */
  secondsWatched: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(86_400 * 2))),
  isCompleted: v.optional(v.boolean(), false),
  /** The client’s time when this happened: the latest position by this time wins. */
  lastDateVisted: clientTime,
});
export type UploadViewingBody = v.InferInput<typeof uploadViewingBodySchema>;

export const uploadViewing = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Uploadviewing/{userId}',
  summary: 'Record where the learner is and what they completed (an idempotent progress event)',
  description:
    'Completion never reverts; position (currentModule, currentSection, secondsWatched) is taken only when lastDateVisted is newer than the stored one. Without secondsWatched the event moves only the course position (the section the learner opened) and leaves the video time as it was. An eventId is the learner’s own: replaying one changes nothing and answers duplicate true; another learner’s id is no concern of theirs. Quiz sections complete only through Quiz/UpdateScore.',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId() }),
  body: uploadViewingBodySchema,
  data: progressResultSchema,
  errors: [400, 401, 403, 404],
});

export const quizAnswerSchema = v.object({
  /** Index of the question in the quiz as stored (not as shuffled on screen). */
  question: int('question', 0, 499),
  /** Indexes of the chosen options as stored; empty when unanswered (time ran out). */
  options: v.pipe(v.array(int('option', 0, 99)), v.maxLength(100, 'At most 100 options')),
});
export type QuizAnswer = v.InferOutput<typeof quizAnswerSchema>;

export const updateQuizScoreBodySchema = v.object({
  eventId,
  courseQuizId: id('courseQuizId'),
  courseId: id('courseId'),
  /** Module id. */
  module: id('module'),
  /** Section id. */
  section: id('section'),
  answers: v.pipe(v.array(quizAnswerSchema), v.maxLength(500)),
  /** What the client computed; ignored: the server scores the answers itself. */
  score: v.optional(bounded('score', 0, 100_000)),
  lastDateVisted: clientTime,
});
export type UpdateQuizScoreBody = v.InferInput<typeof updateQuizScoreBodySchema>;

/** What the server says of one quiz attempt, which it marked itself. */
export const quizResultSchema = v.object({
  ...progressResultSchema.entries,
  score: v.number(),
  correct: v.number(),
  total: v.number(),
  passMark: v.number(),
  /** This attempt reached the pass mark; null for a practice quiz (not Required for Certificate). */
  passed: v.nullable(v.boolean()),
  /** Whether each question, by its stored index, was answered right. */
  questionsCorrect: v.array(v.boolean()),
});
export type QuizResult = v.InferOutput<typeof quizResultSchema>;

export const updateQuizScore = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Quiz/UpdateScore/{userId}',
  summary: 'Submit a quiz attempt’s answers; the server scores them and says whether the quiz is passed',
  description:
    'The client’s score is never trusted. isCompleted (the section is complete) is true when the quiz is not required for the certificate, or when this or an earlier attempt reached its pass mark: a passed quiz stays passed. passed says whether this attempt reached the pass mark (null for a practice quiz, which has none); questionsCorrect marks each answer without revealing the key.',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId() }),
  body: updateQuizScoreBodySchema,
  data: quizResultSchema,
  errors: [400, 401, 403, 404],
});

// ── Survey ────────────────────────────────────────────────────────────────────────────────────

export const surveyQuestionSchema = v.object({
  surveyQuestionId: v.number(),
  question: v.string(),
  /** 1 single choice, 2 free text, 3 numeric rating. */
  questionType: v.picklist([1, 2, 3]),
  options: v.array(
    v.object({
      surveyQuestionOptionId: v.number(),
      option: v.string(),
      minValue: v.nullable(v.number()),
      maxValue: v.nullable(v.number()),
      step: v.nullable(v.number()),
    }),
  ),
});
export type SurveyQuestion = v.InferOutput<typeof surveyQuestionSchema>;

export const surveySchema = v.object({
  surveyId: v.number(),
  title: v.string(),
  description: v.string(),
  questions: v.array(surveyQuestionSchema),
  /** This learner has already answered it for this course. */
  submitted: v.boolean(),
});
export type Survey = v.InferOutput<typeof surveySchema>;

export const courseSurvey = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Survey/Course/{courseId}',
  summary: 'The end-of-course survey assigned to a course, for a learner enrolled in it',
  description: 'Designed here (the spec shows no path). 404 when the course has no active survey.',
  access: SIGNED_IN,
  params: v.object({ courseId: pathId('courseId') }),
  data: surveySchema,
  errors: [401, 403, 404],
});

export const surveyResponseItemSchema = v.object({
  surveyQuestionId: id('surveyQuestionId'),
  /** Choice questions only; null otherwise. */
  surveyQuestionOptionId: v.optional(v.nullable(id('surveyQuestionOptionId')), null),
  answer: v.optional(v.nullable(text(4000, { multiline: true, tooLong: 'An answer is too long (4,000 characters at most).' })), ''),
});
export type SurveyResponseItem = v.InferInput<typeof surveyResponseItemSchema>;

export const surveyResponseBodySchema = v.object({
  eventId,
  userId: userId(),
  courseId: id('courseId'),
  responses: v.pipe(v.array(surveyResponseItemSchema), v.minLength(1, 'Please answer the survey questions'), v.maxLength(200, 'At most 200 answers')),
});
export type SurveyResponseBody = v.InferInput<typeof surveyResponseBodySchema>;

export const submitSurveyResponse = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Survey/Response',
  summary: 'Submit the learner’s answers to a course’s survey (once per learner and course)',
  description: 'Every question needs an answer: a chosen option, text, or a number within the rating’s range. A second submission for the same course is acknowledged and ignored.',
  access: SIGNED_IN,
  body: surveyResponseBodySchema,
  data: v.object({ submitted: v.boolean(), duplicate: v.boolean() }),
  errors: [400, 401, 403, 404],
});

// ── Certificates ──────────────────────────────────────────────────────────────────────────────

export const certificateSchema = v.object({
  certificateId: v.string(),
  learnerName: v.string(),
  courseId: v.number(),
  courseTitle: v.string(),
  institution: v.string(),
  institutionLogo: v.nullable(v.string()),
  issuedAt: v.string(),
  signatories: v.array(v.object({ name: v.string(), jobTitle: v.string(), signatureUrl: v.nullable(v.string()) })),
  /** The PDF (certificate.pdf); anyone holding the certificate id may fetch it. */
  certificateUrl: v.string(),
  /** The public page that confirms the certificate is genuine. */
  verifyUrl: v.string(),
});
export type Certificate = v.InferOutput<typeof certificateSchema>;

export const generateCertificate = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Certificate/GenerateCertificate',
  summary: 'The learner’s certificate for a completed course, issued on the first call',
  description:
    'Only the learner who completed the course. 422 while the course is not complete, or while a quiz Required for Certificate has no attempt the server marked at its pass mark (completion the phone claims never suffices). The same certificate (same id) comes back on every later call.',
  access: SIGNED_IN,
  query: v.object({
    courseId: queryId('courseId'),
    userId: userId(),
    institutionId: optionalQueryInt('institutionId', 1, MAX_ID),
  }),
  data: certificateSchema,
  errors: [400, 401, 403, 404, 422],
});

export const verifyCertificate = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Certificate/Verify/{certificateId}',
  summary: 'Public check that a certificate id was issued here, to whom and for what',
  description: 'Designed here. 404 for an id never issued; a withdrawn certificate (its learner deleted their account) answers valid false without a name.',
  access: PUBLIC,
  params: v.object({ certificateId: pathCode('certificateId') }),
  data: v.object({
    valid: v.boolean(),
    certificateId: v.string(),
    learnerName: v.nullable(v.string()),
    courseTitle: v.string(),
    institution: v.string(),
    institutionLogo: v.nullable(v.string()),
    issuedAt: v.string(),
    withdrawnAt: v.nullable(v.string()),
  }),
  errors: [404],
});

/** The PDF itself is a plain download, outside the JSON envelope. */
export const certificatePdfPath = (certificateId: string) => `/api/Institution/Certificate/Pdf/${encodeURIComponent(certificateId)}`;
export const certificateVerifyPath = (certificateId: string) => `/certificate/verify/${encodeURIComponent(certificateId)}`;

// ── Many events in one request (the offline outbox's replay) ──────────────────────────────────

/** At most this many events in one batch. */
export const EVENT_BATCH_MAX = 500;

export const learnerEventSchema = v.variant('type', [
  v.object({ type: v.literal('progress'), ...uploadViewingBodySchema.entries }),
  v.object({ type: v.literal('quiz'), ...updateQuizScoreBodySchema.entries }),
  v.object({ type: v.literal('survey'), ...surveyResponseBodySchema.entries }),
]);
export type LearnerEvent = v.InferInput<typeof learnerEventSchema>;

export const eventResultSchema = v.object({
  eventId: v.string(),
  /** applied: done now; duplicate: done before (same eventId); rejected: will never apply (see status and description). */
  outcome: v.picklist(['applied', 'duplicate', 'rejected']),
  /** The HTTP status this event alone would have had. */
  status: v.number(),
  description: v.string(),
  /** The event's own answer (as its single call gives it) unless rejected. */
  result: v.nullable(v.record(v.string(), v.unknown())),
});
export type EventResult = v.InferOutput<typeof eventResultSchema>;

export const submitLearnerEvents = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Events/{userId}',
  summary: 'Apply many learner events (progress, quiz answers, survey responses) in order, in one request',
  description: `Designed here, for replaying the offline outbox on slow networks. Each event is applied exactly as its own call would apply it (at most once per eventId, merged monotonically) and answered one by one: a 4xx of one event rejects that event only. The whole request fails (5xx) only when the server cannot go on, and can then be sent again as it is. At most ${EVENT_BATCH_MAX} events.`,
  access: SIGNED_IN,
  gzipBody: true,
  params: v.object({ userId: pathUserId() }),
  body: v.object({
    events: v.pipe(
      v.array(v.looseObject({ eventId: v.optional(v.string()), type: v.optional(v.string()) }), 'events is required'),
      v.minLength(1, 'events is required'),
      v.maxLength(EVENT_BATCH_MAX, `At most ${EVENT_BATCH_MAX} events in one request`),
    ),
  }),
  data: v.object({ results: v.array(eventResultSchema) }),
  errors: [400, 401, 403],
});
