import { describe, expect, it } from 'vitest';
import {
  ASSET_TYPE as T,
  CURRICULUM_MESSAGES as M,
  canAddContent,
  contentMenu,
  curriculumProblems,
  emptyQuestion,
  emptyQuiz,
  isStructureComplete,
  normaliseQuiz,
  questionProblems,
  quizSetupProblems,
  richTextHasWords,
  sectionContentProblem,
  structureProblems,
  type QuizContent,
  type QuizQuestion,
} from './curriculum';

const option = (title: string, isAnswer = false) => ({ title, description: '', isAnswer });
const question = (patch: Partial<QuizQuestion> = {}): QuizQuestion => ({ type: 0, question: '<p>Which?</p>', options: [option('A', true), option('B')], ...patch });
const quiz = (patch: Partial<QuizContent> = {}): QuizContent => ({ ...emptyQuiz(), name: 'Check', description: 'Short', data: [question()], ...patch });

describe('§4’s content menu', () => {
  it('offers every entry to an empty section, in the spec’s order', () => {
    expect(contentMenu([])).toEqual([T.video, T.compressVideo, T.image, T.article, T.quiz]);
  });

  it('offers video and compressed video only while video, compressed video and quiz are all below one', () => {
    for (const present of [T.video, T.compressVideo, T.quiz]) {
      expect(canAddContent([present], T.video), `beside ${present}`).toBe(false);
      expect(canAddContent([present], T.compressVideo), `beside ${present}`).toBe(false);
    }
    expect(canAddContent([T.article, T.image, T.audio], T.video)).toBe(true);
  });

  it('offers a quiz only while quiz and video are below one (so beside a compressed video it is offered)', () => {
    expect(canAddContent([T.quiz], T.quiz)).toBe(false);
    expect(canAddContent([T.video], T.quiz)).toBe(false);
    expect(canAddContent([T.compressVideo, T.article], T.quiz)).toBe(true);
  });

  it('offers image and article while their own count is below one; never audio', () => {
    expect(contentMenu([T.image, T.article])).toEqual([T.video, T.compressVideo, T.quiz]);
    expect(canAddContent([], T.audio)).toBe(false);
    expect(contentMenu([T.video, T.image, T.article])).toEqual([]);
  });

  it('can be limited to the entries the console offers today', () => {
    expect(contentMenu([T.article], [T.article, T.quiz])).toEqual([T.quiz]);
  });
});

describe('a section’s content', () => {
  it('holds at most one item of each type', () => {
    expect(sectionContentProblem([T.article, T.article])).toBe(M.oneOfEachType);
    expect(sectionContentProblem([T.audio, T.audio])).toBe(M.oneOfEachType);
    expect(sectionContentProblem([T.article, T.image, T.quiz, T.compressVideo, T.audio])).toBeNull();
  });

  it('never puts a video beside a compressed video or a quiz, in whichever order', () => {
    expect(sectionContentProblem([T.video, T.quiz])).toBe(M.typesTogether);
    expect(sectionContentProblem([T.quiz, T.video])).toBe(M.typesTogether);
    expect(sectionContentProblem([T.compressVideo, T.video])).toBe(M.typesTogether);
    expect(sectionContentProblem([T.quiz, T.compressVideo])).toBeNull();
  });
});

describe('§5’s structure rules', () => {
  const article = { assetType: T.article, title: 'Read', body: '<p>Words</p>' };
  it('needs a module, a section in each, content in each section and a question in each quiz', () => {
    expect(structureProblems([])).toEqual([{ field: 'courseModules', message: M.noModule }]);
    expect(structureProblems([{ title: 'M', items: [] }])).toEqual([{ field: 'courseModules.0.items', message: M.moduleWithoutSection }]);
    expect(structureProblems([{ title: 'M', items: [{ title: 'S', courseModuleItemAssets: [] }] }])).toEqual([
      { field: 'courseModules.0.items.0.courseModuleItemAssets', message: M.sectionWithoutContent },
    ]);
    const quizAsset = { assetType: T.quiz, title: '', quiz: quiz({ data: [] }) };
    expect(structureProblems([{ title: 'M', items: [{ title: 'S', courseModuleItemAssets: [quizAsset] }] }])).toEqual([
      { field: 'courseModules.0.items.0.courseModuleItemAssets.0.quiz.data', message: M.quizWithoutQuestion },
    ]);
    expect(isStructureComplete([{ title: '', items: [{ title: '', courseModuleItemAssets: [article] }] }])).toBe(true);
  });

  it('with titles, content and quizzes: every problem, with where it is', () => {
    const problems = curriculumProblems([
      { title: ' ', items: [{ title: '', courseModuleItemAssets: [{ ...article, title: '', body: '<p></p>' }] }] },
      { title: 'Two', items: [{ title: 'Quiz', courseModuleItemAssets: [{ assetType: T.quiz, title: '', quiz: quiz({ name: '', data: [question({ options: [] })] }) }] }] },
    ]);
    expect(problems).toEqual([
      { field: 'courseModules.0.title', message: M.missingTitle },
      { field: 'courseModules.0.items.0.title', message: M.missingTitle },
      { field: 'courseModules.0.items.0.courseModuleItemAssets.0.title', message: M.articleTitle },
      { field: 'courseModules.0.items.0.courseModuleItemAssets.0.body', message: M.articleBody },
      { field: 'courseModules.1.items.0.courseModuleItemAssets.0.quiz.name', message: M.quizName },
      { field: 'courseModules.1.items.0.courseModuleItemAssets.0.quiz.data.0.options', message: M.moreThanOneOption },
      { field: 'courseModules.1.items.0.courseModuleItemAssets.0.quiz.data.0.options', message: M.correctAnswer },
    ]);
  });
});

describe('Quiz Setup', () => {
  it('needs a name and a description', () => {
    expect(quizSetupProblems(quiz({ name: ' ', description: '' })).map((p) => p.message)).toEqual([M.quizName, M.quizDescription]);
  });

  it('checks duration (0–60) only when timed, and pass mark (0–100) only when required for certificate', () => {
    expect(quizSetupProblems(quiz({ timed: false, duration: 99 }))).toEqual([]);
    expect(quizSetupProblems(quiz({ timed: true, duration: 61 }))).toEqual([{ field: 'duration', message: M.duration }]);
    expect(quizSetupProblems(quiz({ timed: true, duration: 60 }))).toEqual([]);
    expect(quizSetupProblems(quiz({ requiredNextModule: false, passMark: 150 }))).toEqual([]);
    expect(quizSetupProblems(quiz({ requiredNextModule: true, passMark: 101 }))).toEqual([{ field: 'passMark', message: M.passMark }]);
    expect(quizSetupProblems(quiz({ pointPerQuestion: 0 }))).toEqual([{ field: 'pointPerQuestion', message: M.pointPerQuestion }]);
    expect(quizSetupProblems(quiz({ pointPerQuestion: 100 }))).toEqual([]);
  });

  it('stores no duration when untimed and no pass mark when not required', () => {
    expect(normaliseQuiz(quiz({ timed: false, duration: 20, requiredNextModule: false, passMark: 70 }))).toMatchObject({ duration: 0, passMark: 0 });
    expect(normaliseQuiz(quiz({ timed: true, duration: 20, requiredNextModule: true, passMark: 70 }))).toMatchObject({ duration: 20, passMark: 70 });
  });
});

describe('a question', () => {
  it('starts with three empty options for multiple choice (§2.5) and two for single choice', () => {
    expect(emptyQuestion(1).options).toEqual([option(''), option(''), option('')]);
    expect(emptyQuestion(0).options).toEqual([option(''), option('')]);
  });

  it('answers each §5 rule', () => {
    expect(questionProblems(question({ options: [option('A', true)] })).map((p) => p.message)).toEqual([M.moreThanOneOption]);
    expect(questionProblems(question({ options: [option('A', true), option(' ')] }))).toEqual([{ field: 'options.1.title', message: M.optionTitle }]);
    expect(questionProblems(question({ options: [option('A'), option('B')] })).map((p) => p.message)).toEqual([M.correctAnswer]);
    expect(questionProblems(question({ question: '<p> </p>' })).map((p) => p.message)).toEqual([M.questionText]);
  });

  it('permits exactly one correct option for single choice, several for multiple choice', () => {
    const two = [option('A', true), option('B', true), option('C')];
    expect(questionProblems(question({ type: 0, options: two })).map((p) => p.message)).toEqual([M.singleChoiceOneAnswer]);
    expect(questionProblems(question({ type: 1, options: two }))).toEqual([]);
  });
});

it('reads rich text as empty when it holds only markup and spaces', () => {
  expect(richTextHasWords('<p></p>')).toBe(false);
  expect(richTextHasWords('<p>&nbsp; </p><br>')).toBe(false);
  expect(richTextHasWords(null)).toBe(false);
  expect(richTextHasWords('<p><strong>x</strong></p>')).toBe(true);
});
