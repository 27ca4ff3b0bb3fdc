// The curriculum builder's rules (spec 001 §2.4, §2.5, §3, §4, §5, §9; decision 031), shared by the
// console's builder and the server's Course/Builder so both judge a curriculum the same way.

/** §3's asset type codes. */
export const ASSET_TYPE = { audio: 0, image: 1, video: 2, article: 3, quiz: 4, compressVideo: 5 } as const;
export type AssetTypeCode = (typeof ASSET_TYPE)[keyof typeof ASSET_TYPE];
export const ASSET_TYPE_CODES: readonly AssetTypeCode[] = [0, 1, 2, 3, 4, 5];

export const ASSET_TYPE_LABELS: Record<AssetTypeCode, string> = {
  0: 'Audio',
  1: 'Image',
  2: 'Video',
  3: 'Article',
  4: 'Quiz',
  5: 'Compressed Video',
};

/** §9: at most one content item of each type per section. */
export const MAX_CONTENT_PER_TYPE = 1;

/** An image's alt text: a sentence or two, never the file name (decision 093). */
export const ALT_TEXT_MAX = 500;

/** The builder's guidance under an image's Alt text field. */
export const ALT_TEXT_GUIDANCE = 'Describe what the image shows for learners who cannot see it (not the file name).';

export const CURRICULUM_MESSAGES = {
  // §5 Curriculum
  missingTitle: 'Module or section is missing a title',
  stillUploading: 'One or more content is still uploading',
  // §5 Quiz setup
  quizName: 'Please enter quiz name',
  quizDescription: 'Please enter description',
  // §5 Question
  moreThanOneOption: 'Please add more than one option',
  optionTitle: 'Please enter an answer',
  correctAnswer: 'Please select a correct answer',
  // §8
  savedAsDraft: 'Course curriculum saved as draft',
  completed: 'Course curriculum completed',
  // §2.4
  back: 'You will lose your progress, are you sure you want to go back?',
  // Not in the spec: the structure rules' and ranges' own messages (§5 only disables the buttons).
  noModule: 'Add at least one course module',
  moduleWithoutSection: 'Every module needs at least one section',
  sectionWithoutContent: 'Every section needs at least one content item',
  quizWithoutQuestion: 'Every quiz needs at least one question',
  oneOfEachType: 'A section can hold only one content item of each type',
  typesTogether: 'A section cannot hold a video together with a compressed video or a quiz',
  articleTitle: 'Please enter the article title',
  articleBody: 'Please write the article',
  questionText: 'Please enter the question',
  singleChoiceOneAnswer: 'A single choice question has exactly one correct answer',
  duration: 'Duration must be a whole number of minutes from 0 to 60',
  pointPerQuestion: 'Point per question must be a whole number from 1 to 100',
  passMark: 'Pass mark must be a whole number from 0 to 100',
  mediaNeedsUpload: 'Upload the file for this content first',
  fileNotFound: 'This file is not in the partner’s content library',
  fileWrongType: 'This file cannot be used for this type of content',
  noLaterStep: 'This course has no survey or pricing step: save the curriculum as a draft',
  // Not in the spec (issue 30, decision 093): an image lesson is described by its author.
  altText: 'Alt text cannot be empty',
  altTextTooLong: `Alt text must be at most ${ALT_TEXT_MAX} characters`,
} as const;

const M = CURRICULUM_MESSAGES;

export const QUIZ_LIMITS = {
  duration: { min: 0, max: 60 },
  pointPerQuestion: { min: 1, max: 100 },
  passMark: { min: 0, max: 100 },
} as const;

export const QUESTION_TYPE = { single: 0, multiple: 1 } as const;
export const QUESTION_TYPE_LABELS = { 0: 'Single Choice', 1: 'Multiple Choice' } as const;
/** §2.5: a new multiple-choice question starts with three empty options. */
export const NEW_MULTIPLE_CHOICE_OPTIONS = 3;
/** Not in the spec: a new single-choice question starts with the two options it needs at least. */
export const NEW_SINGLE_CHOICE_OPTIONS = 2;

export interface QuizOption {
  title: string;
  description: string;
  isAnswer: boolean;
}

export interface QuizQuestion {
  /** 0 single choice, 1 multiple choice. */
  type: 0 | 1;
  /** Rich text (HTML). */
  question: string;
  options: QuizOption[];
}

/** §3 Quiz, as the player and the server's marking read it (learning.mappers.ts storedQuiz). */
export interface QuizContent {
  name: string;
  description: string;
  timed: boolean;
  duration: number;
  pointPerQuestion: number;
  requiredNextModule: boolean;
  passMark: number;
  randomize: boolean;
  data: QuizQuestion[];
}

export interface CurriculumAsset {
  assetType: number;
  title: string;
  body?: string | null;
  quiz?: QuizContent | null;
  /** Images: what the picture shows, for learners who cannot see it. */
  altText?: string | null;
}

export interface CurriculumSection {
  title: string;
  courseModuleItemAssets: CurriculumAsset[];
}

export interface CurriculumModule {
  title: string;
  items: CurriculumSection[];
}

export interface Problem {
  /** Where, as a dotted path into the payload (courseModules.0.items.1.title). */
  field: string;
  message: string;
}

export function emptyQuestion(type: 0 | 1): QuizQuestion {
  const count = type === QUESTION_TYPE.multiple ? NEW_MULTIPLE_CHOICE_OPTIONS : NEW_SINGLE_CHOICE_OPTIONS;
  return { type, question: '', options: Array.from({ length: count }, () => ({ title: '', description: '', isAnswer: false })) };
}

export function emptyQuiz(): QuizContent {
  return { name: '', description: '', timed: false, duration: 0, pointPerQuestion: 1, requiredNextModule: false, passMark: 0, randomize: false, data: [] };
}

/** Whether rich text holds any words once its tags are gone (an empty editor writes "<p></p>"). */
export function richTextHasWords(html: string | null | undefined): boolean {
  if (!html) return false;
  const words = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, '')
    .replace(/[\s\u00a0]/g, '');
  return words.length > 0;
}

const countOf = (types: readonly number[], type: number) => types.filter((t) => t === type).length;
const below = (types: readonly number[], type: number) => countOf(types, type) < MAX_CONTENT_PER_TYPE;

/**
 * §4's content menu for a section already holding `types`: video and compressed video only while
 * video, compressed video and quiz are all below the maximum; quiz only while quiz and video are;
 * image and article while their own count is. Audio is counted but never offered.
 */
export function canAddContent(types: readonly number[], type: number): boolean {
  switch (type) {
    case ASSET_TYPE.video:
    case ASSET_TYPE.compressVideo:
      return below(types, ASSET_TYPE.video) && below(types, ASSET_TYPE.compressVideo) && below(types, ASSET_TYPE.quiz);
    case ASSET_TYPE.quiz:
      return below(types, ASSET_TYPE.quiz) && below(types, ASSET_TYPE.video);
    case ASSET_TYPE.image:
    case ASSET_TYPE.article:
      return below(types, type);
    default:
      return false;
  }
}

/** The menu's entries, in §2.4's order, that a section holding `types` still offers. */
export const CONTENT_MENU: readonly AssetTypeCode[] = [ASSET_TYPE.video, ASSET_TYPE.compressVideo, ASSET_TYPE.image, ASSET_TYPE.article, ASSET_TYPE.quiz];

export function contentMenu(types: readonly number[], offered: readonly AssetTypeCode[] = CONTENT_MENU): AssetTypeCode[] {
  return offered.filter((type) => canAddContent(types, type));
}

/**
 * Whether a section's content could have been built through the menu, in some order. Reordering
 * content means the order it was added in is gone: compressed video then quiz is allowed (a quiz is
 * offered beside a compressed video), so the pair is valid whichever comes first.
 */
export function sectionContentProblem(types: readonly number[]): string | null {
  if (ASSET_TYPE_CODES.some((type) => countOf(types, type) > MAX_CONTENT_PER_TYPE)) return M.oneOfEachType;
  const has = (type: number) => types.includes(type);
  if (has(ASSET_TYPE.video) && (has(ASSET_TYPE.compressVideo) || has(ASSET_TYPE.quiz))) return M.typesTogether;
  return null;
}

const isWhole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** §5 Quiz setup: name, description and the ranges (duration only when timed, pass mark only when required). */
export function quizSetupProblems(quiz: Omit<QuizContent, 'data'>, at = ''): Problem[] {
  const problems: Problem[] = [];
  if (!quiz.name.trim()) problems.push({ field: `${at}name`, message: M.quizName });
  if (!quiz.description.trim()) problems.push({ field: `${at}description`, message: M.quizDescription });
  if (quiz.timed && !isWhole(quiz.duration, QUIZ_LIMITS.duration.min, QUIZ_LIMITS.duration.max)) problems.push({ field: `${at}duration`, message: M.duration });
  if (!isWhole(quiz.pointPerQuestion, QUIZ_LIMITS.pointPerQuestion.min, QUIZ_LIMITS.pointPerQuestion.max)) problems.push({ field: `${at}pointPerQuestion`, message: M.pointPerQuestion });
  if (quiz.requiredNextModule && !isWhole(quiz.passMark, QUIZ_LIMITS.passMark.min, QUIZ_LIMITS.passMark.max)) problems.push({ field: `${at}passMark`, message: M.passMark });
  return problems;
}

/** §5 Question: its text, more than one option, every option titled, the right number of correct answers. */
export function questionProblems(question: QuizQuestion, at = ''): Problem[] {
  const problems: Problem[] = [];
  if (!richTextHasWords(question.question)) problems.push({ field: `${at}question`, message: M.questionText });
  if (question.options.length < 2) problems.push({ field: `${at}options`, message: M.moreThanOneOption });
  question.options.forEach((option, i) => {
    if (!option.title.trim()) problems.push({ field: `${at}options.${i}.title`, message: M.optionTitle });
  });
  const correct = question.options.filter((o) => o.isAnswer).length;
  if (correct === 0) problems.push({ field: `${at}options`, message: M.correctAnswer });
  else if (question.type === QUESTION_TYPE.single && correct > 1) problems.push({ field: `${at}options`, message: M.singleChoiceOneAnswer });
  return problems;
}

/**
 * The quiz as it is stored: a duration only when timed and a pass mark only when Required for
 * Certificate (§5 enables those fields only then), so a switched-off field keeps no stale value.
 */
export function normaliseQuiz(quiz: QuizContent): QuizContent {
  return {
    name: quiz.name.trim(),
    description: quiz.description.trim(),
    timed: quiz.timed,
    duration: quiz.timed ? quiz.duration : 0,
    pointPerQuestion: quiz.pointPerQuestion,
    requiredNextModule: quiz.requiredNextModule,
    passMark: quiz.requiredNextModule ? quiz.passMark : 0,
    randomize: quiz.randomize,
    data: quiz.data.map((q) => ({ type: q.type, question: q.question, options: q.options.map((o) => ({ title: o.title.trim(), description: o.description.trim(), isAnswer: o.isAnswer })) })),
  };
}

/**
 * §5's structure rules for Approve, Submit and Save Draft: at least one module, a section in every
 * module, content in every section, a question in every quiz. The buttons are enabled only then.
 */
export function structureProblems(modules: readonly CurriculumModule[]): Problem[] {
  const problems: Problem[] = [];
  if (modules.length === 0) problems.push({ field: 'courseModules', message: M.noModule });
  modules.forEach((module, m) => {
    if (module.items.length === 0) problems.push({ field: `courseModules.${m}.items`, message: M.moduleWithoutSection });
    module.items.forEach((section, s) => {
      const at = `courseModules.${m}.items.${s}.courseModuleItemAssets`;
      if (section.courseModuleItemAssets.length === 0) problems.push({ field: at, message: M.sectionWithoutContent });
      section.courseModuleItemAssets.forEach((asset, a) => {
        if (asset.assetType === ASSET_TYPE.quiz && !asset.quiz?.data.length) problems.push({ field: `${at}.${a}.quiz.data`, message: M.quizWithoutQuestion });
      });
    });
  });
  return problems;
}

export const isStructureComplete = (modules: readonly CurriculumModule[]) => structureProblems(modules).length === 0;

/** Every rule a saved curriculum must meet: titles, structure, content per section, articles, quizzes. */
export function curriculumProblems(modules: readonly CurriculumModule[]): Problem[] {
  const problems: Problem[] = [];
  modules.forEach((module, m) => {
    if (!module.title.trim()) problems.push({ field: `courseModules.${m}.title`, message: M.missingTitle });
    module.items.forEach((section, s) => {
      const at = `courseModules.${m}.items.${s}`;
      if (!section.title.trim()) problems.push({ field: `${at}.title`, message: M.missingTitle });
      const contentProblem = sectionContentProblem(section.courseModuleItemAssets.map((a) => a.assetType));
      if (contentProblem) problems.push({ field: `${at}.courseModuleItemAssets`, message: contentProblem });
      section.courseModuleItemAssets.forEach((asset, a) => {
        const assetAt = `${at}.courseModuleItemAssets.${a}`;
        if (asset.assetType === ASSET_TYPE.article) {
          if (!asset.title.trim()) problems.push({ field: `${assetAt}.title`, message: M.articleTitle });
          if (!richTextHasWords(asset.body)) problems.push({ field: `${assetAt}.body`, message: M.articleBody });
        }
        if (asset.assetType === ASSET_TYPE.image) {
          const alt = asset.altText?.trim() ?? '';
          if (!alt) problems.push({ field: `${assetAt}.altText`, message: M.altText });
          else if (alt.length > ALT_TEXT_MAX) problems.push({ field: `${assetAt}.altText`, message: M.altTextTooLong });
        }
        if (asset.assetType === ASSET_TYPE.quiz) {
          if (!asset.quiz) problems.push({ field: `${assetAt}.quiz.name`, message: M.quizName });
          else {
            problems.push(...quizSetupProblems(asset.quiz, `${assetAt}.quiz.`));
            asset.quiz.data.forEach((question, q) => problems.push(...questionProblems(question, `${assetAt}.quiz.data.${q}.`)));
          }
        }
      });
    });
  });
  return [...problems, ...structureProblems(modules)];
}
