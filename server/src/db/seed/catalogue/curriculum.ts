// Expands a course's module titles and questions into a full curriculum. Each module follows a
// pattern of section types, so that any two consecutive modules hold every content type (video,
// compressed video, article, image, quiz) and each section holds exactly one content item.
import { courseMinutes } from '@rivet/shared/domain/course-duration';
import type { CategoryCode, CourseSeed, QuestionSeed } from './course-seed';
import { DEMO_PACKAGE, DEMO_VIDEOS, contentKey, courseMedia, escapeXml, keyPointsAlt } from './media';

export const ASSET_TYPES = { audio: 0, image: 1, video: 2, article: 3, quiz: 4, compressVideo: 5 } as const;
type AssetKind = Exclude<keyof typeof ASSET_TYPES, 'audio'>;

export interface QuizContent {
  name: string;
  description: string;
  timed: boolean;
  duration: number;
  pointPerQuestion: number;
  passMark: number;
  randomize: boolean;
  requiredNextModule: boolean;
  data: { question: string; type: 0 | 1; options: { title: string; description: string; isAnswer: boolean }[] }[];
}

export interface AssetDraft {
  assetType: number;
  title: string;
  url: string | null;
  body: string | null;
  quiz: QuizContent | null;
  /** Seconds for media, minutes for articles. */
  duration: number | null;
  /** Images: what the picture shows (decision 093); null for other types. */
  altText: string | null;
}

export interface ModuleDraft {
  title: string;
  sections: { title: string; asset: AssetDraft }[];
}

const PATTERNS: AssetKind[][] = [
  ['video', 'article', 'image'],
  ['compressVideo', 'article', 'quiz'],
  ['video', 'image', 'quiz'],
  ['article', 'compressVideo', 'quiz'],
];

/** Practical activities for the articles, by category; one per module. */
const ACTIVITIES: Record<CategoryCode, string[]> = {
  PRODUCTIVITY: [
    'Take fifteen minutes today to apply this to one real task from your own week, and note how long it took.',
    'Write down the three steps you found most useful and share them with a colleague or friend.',
    'Set a reminder for next week to check whether the new habit has stuck, and adjust it if not.',
    'Pick one routine you repeat every day and try the technique on it for five days.',
  ],
  'DIGITAL-SKILLS': [
    'Try each step on your own phone or laptop; the lesson is designed to work on a slow connection.',
    'Save a screenshot of your result and compare it with the example in the next section.',
    'Explain what you built to someone who has never used the tool, in two or three sentences.',
    'Repeat the exercise with your own data or business, not the example.',
  ],
  'LEADERSHIP-BUSINESS-MANAGEMENT': [
    'Think of a real situation from your work or business and write how you would apply this idea to it.',
    'Discuss the idea with a colleague, mentor or business partner and note one thing they would do differently.',
    'Write one action you will take this week and tell someone who will ask you about it.',
    'Review a past decision in the light of this module: what would you change now?',
  ],
};

/** One general question per category, added to each quiz after the course's own questions. */
const CATEGORY_QUESTIONS: Record<CategoryCode, QuestionSeed[]> = {
  PRODUCTIVITY: [
    { question: 'Which habit makes a new skill stick?', options: ['*Practising a little every day', 'Reading about it once', 'Waiting for free time', 'Multitasking'] },
    { question: 'Which of these reduce wasted time?', options: ['*Planning the day the evening before', '*Batching similar tasks', 'Checking messages every minute', 'Starting many tasks at once'] },
  ],
  'DIGITAL-SKILLS': [
    { question: 'What should you do before installing an app or clicking a link?', options: ['*Check that the source is trustworthy', 'Click quickly before it expires', 'Share it with everyone first', 'Turn off your screen lock'] },
    { question: 'Which practices save mobile data?', options: ['*Downloading lessons on Wi-Fi', '*Lowering video quality', 'Streaming in HD everywhere', 'Leaving background sync on for all apps'] },
  ],
  'LEADERSHIP-BUSINESS-MANAGEMENT': [
    { question: 'What builds trust in a team or with customers most reliably?', options: ['*Doing what you said you would do', 'Making big promises', 'Avoiding difficult topics', 'Changing plans without notice'] },
    { question: 'Which are signs of good decision-making?', options: ['*Using evidence', '*Considering who is affected', 'Deciding only by gut feeling', 'Never revisiting a decision'] },
  ],
};

function toQuestion(seed: QuestionSeed): QuizContent['data'][number] {
  const options = seed.options.map((o) => ({ title: o.replace(/^\*/, ''), description: '', isAnswer: o.startsWith('*') }));
  const answers = options.filter((o) => o.isAnswer).length;
  return { question: `<p>${escapeXml(seed.question)}</p>`, type: answers > 1 ? 1 : 0, options };
}

function quiz(course: CourseSeed, category: CategoryCode, moduleTitle: string, index: number, last: boolean): QuizContent {
  const own = course.questions.map((_, i) => course.questions[(i + index) % course.questions.length]!);
  const extra = CATEGORY_QUESTIONS[category][index % 2]!;
  return {
    name: `Quiz: ${moduleTitle}`,
    description: '<p>Check your understanding of this module. You can retake the quiz.</p>',
    timed: last,
    duration: last ? 10 : 5,
    pointPerQuestion: 10,
    passMark: last ? 70 : 50,
    randomize: index % 2 === 1,
    requiredNextModule: last,
    data: [...own, extra].map(toQuestion),
  };
}

function article(course: CourseSeed, category: CategoryCode, moduleTitle: string, index: number): string {
  const objectives = course.objectives;
  const points = [objectives[index % objectives.length]!, objectives[(index + 1) % objectives.length]!];
  return [
    `<h2>${escapeXml(moduleTitle)}</h2>`,
    `<p>${escapeXml(course.description)}</p>`,
    `<p>In this part of <em>${escapeXml(course.title)}</em> we focus on two goals:</p>`,
    `<ul>${points.map((p) => `<li>${escapeXml(p)}</li>`).join('')}</ul>`,
    `<h3>Try it yourself</h3>`,
    `<p>${escapeXml(ACTIVITIES[category][index % 4]!)}</p>`,
    `<p><strong>Key takeaway:</strong> ${escapeXml(course.headline)}.</p>`,
  ].join('');
}

function asset(kind: AssetKind, course: CourseSeed, category: CategoryCode, moduleTitle: string, index: number, last: boolean): { title: string; asset: AssetDraft } {
  switch (kind) {
    case 'video': {
      const video = DEMO_VIDEOS.lessons[index % DEMO_VIDEOS.lessons.length]!;
      const title = index === 0 ? `Welcome to ${course.title}` : `Video: ${moduleTitle}`;
      return { title, asset: { assetType: ASSET_TYPES.video, title, url: contentKey(video.file), body: null, quiz: null, duration: video.seconds, altText: null } };
    }
    case 'compressVideo': {
      const title = `Walkthrough: ${moduleTitle}`;
      return { title, asset: { assetType: ASSET_TYPES.compressVideo, title, url: contentKey(DEMO_PACKAGE.file), body: null, quiz: null, duration: DEMO_PACKAGE.seconds, altText: null } };
    }
    case 'article': {
      const title = `Reading: ${moduleTitle}`;
      return { title, asset: { assetType: ASSET_TYPES.article, title, url: null, body: article(course, category, moduleTitle, index), quiz: null, duration: 4 + (index % 3) * 2, altText: null } };
    }
    case 'image': {
      const title = `${moduleTitle} at a glance`;
      return { title, asset: { assetType: ASSET_TYPES.image, title, url: courseMedia(course.slug).keyPoints, body: null, quiz: null, duration: null, altText: keyPointsAlt(course.title, course.objectives) } };
    }
    case 'quiz': {
      const content = quiz(course, category, moduleTitle, index, last);
      return { title: 'Check your understanding', asset: { assetType: ASSET_TYPES.quiz, title: content.name, url: null, body: null, quiz: content, duration: null, altText: null } };
    }
  }
}

export function buildCurriculum(course: CourseSeed, category: CategoryCode): ModuleDraft[] {
  return course.modules.map((title, index) => ({
    title,
    sections: PATTERNS[index % PATTERNS.length]!.map((kind) => asset(kind, course, category, title, index, index === course.modules.length - 1)),
  }));
}

/** The course's length by the rule every writer uses (shared/domain/course-duration.ts, decision 080). */
export function curriculumMinutes(modules: ModuleDraft[]): number {
  return courseMinutes(
    modules.flatMap((m) => m.sections.map(({ asset: a }) => ({ assetType: a.assetType, duration: a.duration, quiz: a.quiz && { timed: a.quiz.timed, duration: a.quiz.duration, questions: a.quiz.data.length } }))),
  );
}
