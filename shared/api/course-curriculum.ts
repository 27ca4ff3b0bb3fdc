// The course wizard's Build Curriculum step (spec 001 §2.4, §2.5, §3, §4, §5, §7 Course/Builder;
// decision 031): modules hold sections, sections hold content (articles and quizzes in this
// slice; uploaded media keep what they hold). The rules live in shared/domain/curriculum.ts.
import * as v from 'valibot';
import { ALT_TEXT_MAX, ASSET_TYPE_CODES, CURRICULUM_MESSAGES, QUIZ_LIMITS } from '../domain/curriculum';
import { COURSE_READERS, RICH_TEXT_MAX } from './course-authoring';
import { PROCESSING_STATES } from './content-library';
import { defineEndpoint, staffWith } from './contract';
import { id, pathId, queryBoolean, text } from './fields';

export const MODULE_TITLE_MAX = 200;
export const ASSET_TITLE_MAX = 200;
export const MAX_MODULES = 50;
export const MAX_SECTIONS_PER_MODULE = 50;
/** One of each of §3's six types at most (§9). */
export const MAX_ASSETS_PER_SECTION = 6;
export const MAX_QUESTIONS = 100;
export const MAX_OPTIONS = 10;
/** Sanitised HTML of a question (a question is short; the article body has RICH_TEXT_MAX). */
export const QUESTION_MAX = 4000;
export const OPTION_TITLE_MAX = 500;
export const OPTION_DESCRIPTION_MAX = 1000;
export const QUIZ_NAME_MAX = 200;
export const QUIZ_DESCRIPTION_MAX = 1000;

const title = (max: number) => v.optional(text(max), '');
const optionalId = (name: string) => v.optional(v.nullable(id(name)));
const flag = (name: string) => v.optional(v.boolean(`${name} must be true or false`), false);

export const quizOptionSchema = v.object({
  title: title(OPTION_TITLE_MAX),
  /** An optional explanation shown with the answer. */
  description: title(OPTION_DESCRIPTION_MAX),
  isAnswer: flag('isAnswer'),
});

export const quizQuestionInputSchema = v.object({
  type: v.picklist([0, 1], 'type must be 0 (single choice) or 1 (multiple choice)'),
  /** Rich text; sanitised against the allow-list before it is stored. */
  question: v.optional(text(QUESTION_MAX, { multiline: true }), ''),
  options: v.pipe(v.array(quizOptionSchema, 'options must be a list'), v.maxLength(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)),
});

// The ranges answer with the builder's own messages (shared/domain/curriculum.ts).
const range = (message: string, limits: { min: number; max: number }) =>
  v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(limits.min, message), v.maxValue(limits.max, message)), limits.min);

export const quizInputSchema = v.object({
  name: title(QUIZ_NAME_MAX),
  description: v.optional(text(QUIZ_DESCRIPTION_MAX, { multiline: true }), ''),
  timed: flag('timed'),
  /** Minutes, 0–60; kept only when timed. */
  duration: range(CURRICULUM_MESSAGES.duration, QUIZ_LIMITS.duration),
  pointPerQuestion: range(CURRICULUM_MESSAGES.pointPerQuestion, QUIZ_LIMITS.pointPerQuestion),
  /** “Required for Certificate”. */
  requiredNextModule: flag('requiredNextModule'),
  /** Percent, 0–100; kept only when Required for Certificate. */
  passMark: range(CURRICULUM_MESSAGES.passMark, QUIZ_LIMITS.passMark),
  randomize: flag('randomize'),
  data: v.pipe(v.array(quizQuestionInputSchema, 'data must be a list of questions'), v.maxLength(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`)),
});

export const curriculumAssetInputSchema = v.object({
  /** An asset the course already has (kept and moved); absent for new content. */
  courseModuleItemAssetId: optionalId('courseModuleItemAssetId'),
  assetType: v.picklist(ASSET_TYPE_CODES, 'assetType must be 0 (audio), 1 (image), 2 (video), 3 (article), 4 (quiz) or 5 (compressed video)'),
  /** The article's title; a quiz takes its name. */
  title: title(ASSET_TITLE_MAX),
  /** Article body, rich text; sanitised before it is stored. */
  body: v.optional(v.nullable(text(RICH_TEXT_MAX, { multiline: true, tooLong: `At most ${RICH_TEXT_MAX.toLocaleString('en-NG')} characters of formatted text` }))),
  quiz: v.optional(v.nullable(quizInputSchema)),
  /**
   * Image, video, compressed video or audio: the content library file it shows (`data.guid` of
   * Course/UploadComplete, decision 030). Required for new media; for kept media it replaces the file.
   */
  fileGuid: v.optional(v.nullable(v.pipe(v.string('fileGuid must be a UUID'), v.uuid('fileGuid must be a UUID')))),
  /**
   * Images: what the picture shows, for learners who cannot see it (required for an image, never
   * the file name; decision 093). Ignored for other types.
   */
  altText: v.optional(v.nullable(text(ALT_TEXT_MAX, { tooLong: CURRICULUM_MESSAGES.altTextTooLong }))),
});

export const curriculumSectionInputSchema = v.object({
  courseModuleItemId: optionalId('courseModuleItemId'),
  title: title(MODULE_TITLE_MAX),
  courseModuleItemAssets: v.pipe(v.array(curriculumAssetInputSchema, 'courseModuleItemAssets must be a list'), v.maxLength(MAX_ASSETS_PER_SECTION, `At most ${MAX_ASSETS_PER_SECTION} content items in a section`)),
});

export const curriculumModuleInputSchema = v.object({
  courseModuleId: optionalId('courseModuleId'),
  title: title(MODULE_TITLE_MAX),
  items: v.pipe(v.array(curriculumSectionInputSchema, 'items must be a list of sections'), v.maxLength(MAX_SECTIONS_PER_MODULE, `At most ${MAX_SECTIONS_PER_MODULE} sections in a module`)),
});

export const saveCurriculumSchema = v.object({
  courseId: id('courseId'),
  courseModules: v.pipe(v.array(curriculumModuleInputSchema, 'courseModules must be a list'), v.maxLength(MAX_MODULES, `At most ${MAX_MODULES} modules`)),
});
export type SaveCurriculumInput = v.InferInput<typeof saveCurriculumSchema>;
export type SaveCurriculumBody = v.InferOutput<typeof saveCurriculumSchema>;

const quizSchema = v.object({
  name: v.string(),
  description: v.string(),
  timed: v.boolean(),
  duration: v.number(),
  pointPerQuestion: v.number(),
  requiredNextModule: v.boolean(),
  passMark: v.number(),
  randomize: v.boolean(),
  data: v.array(v.object({ type: v.picklist([0, 1]), question: v.string(), options: v.array(v.object({ title: v.string(), description: v.string(), isAnswer: v.boolean() })) })),
});

export const curriculumAssetSchema = v.object({
  courseModuleItemAssetId: v.number(),
  assetType: v.number(),
  title: v.string(),
  /** Uploaded media's address (image, video, compressed video, audio); null for articles and quizzes. */
  url: v.nullable(v.string()),
  /** Sanitised HTML, exactly as learners see it. */
  body: v.nullable(v.string()),
  /** With its answer key: authors see what they wrote. */
  quiz: v.nullable(quizSchema),
  /** Images: the author's alt text (null for other types, and for an image stored before it was asked for). */
  altText: v.optional(v.nullable(v.string())),
  /** A library file's media processing (docs/decisions/033): shown on the item, polled while 'processing'. */
  processing: v.optional(v.object({ state: v.picklist(PROCESSING_STATES), error: v.nullable(v.string()) })),
});

export const curriculumSchema = v.object({
  courseId: v.number(),
  title: v.string(),
  isPaid: v.boolean(),
  hasSurvey: v.boolean(),
  draft: v.boolean(),
  stepNo: v.number(),
  courseModules: v.array(
    v.object({
      courseModuleId: v.number(),
      title: v.string(),
      items: v.array(v.object({ courseModuleItemId: v.number(), title: v.string(), courseModuleItemAssets: v.array(curriculumAssetSchema) })),
    }),
  ),
});
export type Curriculum = v.InferOutput<typeof curriculumSchema>;
export type CurriculumAssetOut = v.InferOutput<typeof curriculumAssetSchema>;

const AUTHOR = ['createCourse'] as const;

export const saveCurriculum = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Course/Builder',
  summary: 'Build Curriculum: save a draft course’s modules, sections and content (SaveDraft=true stays on the step; false completes it)',
  description:
    'The whole curriculum is sent each time, in order: modules, their sections, their content. Items with an id are the course’s own (kept, retitled and moved); new ones have none; the course’s items left out are removed. Every module and section needs a title; a section holds at most one content item of each type, never a video with a compressed video or a quiz (§4); every module has a section, every section content, every quiz a question (§5). Article bodies and questions are sanitised against the rich-text allow-list. Quizzes follow §5 (name, description, duration 0–60 only when timed, point per question 1–100, pass mark 0–100 only when Required for Certificate; questions with more than one option, every option titled, one correct answer for single choice and at least one for multiple). Video, compressed video, image and audio items name a file of the course’s partner’s content library by fileGuid (new ones must), of the matching type. Image items need altText, what the picture shows for learners who cannot see it (‘Alt text cannot be empty’; decision 093). SaveDraft=false moves the stored step to the survey or pricing step (a course with neither is submitted for review instead: it leaves the draft state for pending review, approvalStatus 1, once Basic Setup and Additional Information are complete — 400 otherwise; decision 032). Only drafts change (409). Written to the audit trail in the same transaction.',
  access: staffWith(...AUTHOR),
  audit: { module: 'Course', action: 'Builder' },
  confine: 'institution',
  query: v.object({ SaveDraft: queryBoolean('SaveDraft') }),
  body: saveCurriculumSchema,
  data: curriculumSchema,
  errors: [400, 401, 403, 404, 409],
});

export const getCurriculum = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Builder/{id}',
  summary: 'A course’s curriculum as the builder edits it: modules, sections and content in order, quizzes with their answer keys',
  description: 'Institution staff read only their own institution’s courses (404 for another’s, as for a missing one). Reviewers (approvecourse, manageCourseQA, viewCourseQA) read it for review mode; without createCourse they read only courses submitted for review (a draft is 404).',
  access: staffWith(...COURSE_READERS),
  confine: 'institution',
  params: v.object({ id: pathId('id') }),
  data: curriculumSchema,
  errors: [400, 401, 403, 404],
});
