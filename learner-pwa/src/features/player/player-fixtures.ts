// Test data for the player: a small course with every kind of section, and a fake of the three
// learning endpoints that keeps progress the way the server does (completion never reverts; a
// quiz completes only when passed; the course completes with its last section).
import type { PlayerAsset, PlayerContent, PlayerModule, Quiz } from '@rivet/shared/api/learning';
import { scoreQuiz, type ChosenAnswer, type ScorableQuiz } from '@rivet/shared/domain/quiz';
import { envelope, type FetchHandler } from '../../test/render-app';

export const COURSE_ID = 7;

/** A quiz as authored: every option says whether it is an answer. */
export type AuthoredQuiz = Omit<Quiz, 'data'> & { data: (Omit<Quiz['data'][number], 'options'> & { options: { title: string; description: string; isAnswer: boolean }[] })[] };

/** A quiz as authored, with its answer key (required for the certificate, pass mark 50, unless patched). */
export function quizFixture(patch: Partial<AuthoredQuiz> = {}): AuthoredQuiz {
  return {
    name: 'Quiz: Serving customers',
    description: '<p>Check your understanding.</p>',
    randomize: false,
    timed: false,
    duration: 0,
    pointPerQuestion: 10,
    requiredNextModule: true,
    passMark: 50,
    data: [
      {
        question: '<p>What builds trust?</p>',
        type: 0,
        options: [
          { title: 'Keeping promises', description: '', isAnswer: true },
          { title: 'Big promises', description: '', isAnswer: false },
        ],
      },
      {
        question: '<p>Which save mobile data?</p>',
        type: 1,
        options: [
          { title: 'Downloading on Wi-Fi', description: '', isAnswer: true },
          { title: 'Streaming in HD', description: '', isAnswer: false },
          { title: 'Lower video quality', description: '', isAnswer: true },
        ],
      },
    ],
    ...patch,
  };
}

function asset(id: number, assetType: PlayerAsset['assetType'], title: string, patch: Partial<PlayerAsset> = {}): PlayerAsset {
  return {
    courseModuleItemAssetId: id,
    assetType,
    title,
    url: null,
    hlsUrl: null,
    altText: null,
    body: null,
    quiz: null,
    duration: null,
    durationDisplay: null,
    isCompleted: false,
    secondsWatched: 0,
    ...patch,
  };
}

function module(courseModuleId: number, title: string, sections: [number, string, PlayerAsset][]): PlayerModule {
  return {
    courseModuleId,
    title,
    itemsCompleted: 0,
    items: sections.map(([courseModuleItemId, sectionTitle, a]) => ({ courseModuleItemId, title: sectionTitle, isCompleted: false, courseModuleItemAssets: [a] })),
  };
}

/** The quiz as the server sends it to the phone: a certificate quiz without its key (decision 017). */
export function learnerCopy(quiz: Quiz): Quiz {
  if (!quiz.requiredNextModule) return quiz;
  return { ...quiz, data: quiz.data.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, isAnswer: null })) })) };
}

/**
 * Module 1 (id 11): video 101, article 102, picture 103. Module 2 (id 12): package 201, article
 * 202. Module 3 (id 13) starts with a quiz: quiz 301, then video 302.
 */
export function contentFixture(patch: Partial<PlayerContent> = {}, authored: Quiz = quizFixture()): PlayerContent {
  const quiz = learnerCopy(authored);
  return {
    courseId: COURSE_ID,
    title: 'Customer Service Excellence',
    description: 'Serve customers well.',
    institution: 'Lagos Business School',
    institutionId: 2,
    institutionLogo: null,
    courseThumbNailUrl: null,
    coursePrice: { amount: 0, basePrice: 0, vat: 0, gatewayCharge: 0, currencyId: 1 },
    hasSurvey: false,
    surveySubmitted: false,
    completed: false,
    percentage: 0,
    currentModule: null,
    currentSection: null,
    certificateId: null,
    mediaExpiresAt: new Date(Date.now() + 6 * 3600_000).toISOString(),
    videos: [
      module(11, 'Getting started', [
        [101, 'Welcome to the course', asset(1001, 'video', 'Welcome to the course', { url: '/media/signed/welcome.mp4', duration: 90, durationDisplay: '1:30' })],
        [102, 'Reading: first steps', asset(1002, 'article', 'Reading: first steps', { body: '<h2>First steps</h2><p>Greet every customer.</p><script>alert(1)</script>', duration: 4 })],
        [103, 'Key points at a glance', asset(1003, 'image', 'key-points.png', { url: '/media/signed/key-points.png', altText: 'Three key points: greet, listen, follow up' })],
      ]),
      module(12, 'Going further', [
        [201, 'Walkthrough: a hard call', asset(1004, 'compressVideo', 'Walkthrough: a hard call', { url: '/media/signed/package/index.html', duration: 120 })],
        [202, 'Reading: follow-up', asset(1005, 'article', 'Reading: follow-up', { body: '<p>Always follow up.</p>', duration: 6 })],
      ]),
      module(13, 'Wrapping up', [
        [301, 'Check your understanding', asset(1006, 'quiz', quiz.name, { quiz })],
        [302, 'Goodbye', asset(1007, 'video', 'Goodbye', { url: '/media/signed/goodbye.mp4', duration: 30 })],
      ]),
    ],
    ...patch,
  };
}

/** Marks sections complete in the fixture (as if done on an earlier visit). */
export function withCompleted(content: PlayerContent, sectionIds: number[]): PlayerContent {
  const videos = content.videos.map((m) => {
    const items = m.items.map((s) => (sectionIds.includes(s.courseModuleItemId) ? { ...s, isCompleted: true, courseModuleItemAssets: s.courseModuleItemAssets.map((a) => ({ ...a, isCompleted: true })) } : s));
    return { ...m, items, itemsCompleted: items.filter((s) => s.isCompleted).length };
  });
  const all = videos.flatMap((m) => m.items);
  return { ...content, videos, percentage: Math.floor((all.filter((s) => s.isCompleted).length * 100) / all.length) };
}

export interface FakeLearningServer {
  handler: FetchHandler;
  /** Bodies of the progress events received, in order. */
  progress: Record<string, unknown>[];
  quizzes: { answers: ChosenAnswer[] }[];
  /** Make the next calls fail: a status and description, or 'network'. */
  failProgress: { status: number; description: string } | 'network' | null;
  failQuiz: boolean;
  /** The server refuses quiz attempts with this (a 4xx for the event). */
  refuseQuiz: { status: number; description: string } | null;
}

/** `quiz`: the course's quiz as authored (the key the server keeps). */
export function fakeLearningServer(initial: PlayerContent, { contentStatus, quiz: authored = quizFixture() }: { contentStatus?: number; quiz?: ScorableQuiz } = {}): FakeLearningServer {
  const completed = new Set(initial.videos.flatMap((m) => m.items.filter((s) => s.isCompleted).map((s) => s.courseModuleItemId)));
  const sections = initial.videos.flatMap((m) => m.items);
  const state = () => {
    const percentage = Math.floor((completed.size * 100) / sections.length);
    return { courseCompleted: completed.size === sections.length, hasSurvey: initial.hasSurvey, surveySubmitted: initial.surveySubmitted, percentage, duplicate: false };
  };
  const server: FakeLearningServer = {
    progress: [],
    quizzes: [],
    failProgress: null,
    failQuiz: false,
    refuseQuiz: null,
    handler: async (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith(`/Course/Enrolled/Details/u-1/${initial.courseId}`)) {
        if (contentStatus) return envelope(null, { status: contentStatus, description: 'You are not enrolled in this course' });
        return envelope(initial);
      }
      if (url.pathname.endsWith('/Course/Uploadviewing/u-1')) {
        const body = (await request.json()) as { currentSection: number; isCompleted: boolean };
        if (server.failProgress === 'network') throw new TypeError('Failed to fetch');
        if (server.failProgress) return envelope(null, { status: server.failProgress.status, description: server.failProgress.description });
        server.progress.push(body);
        if (body.isCompleted) completed.add(body.currentSection);
        return envelope({ isCompleted: completed.has(body.currentSection), moduleCompleted: false, ...state() });
      }
      if (url.pathname.endsWith('/Course/Quiz/UpdateScore/u-1')) {
        const body = (await request.json()) as { section: number; answers: ChosenAnswer[] };
        if (server.failQuiz) throw new TypeError('Failed to fetch');
        if (server.refuseQuiz) return envelope(null, { status: server.refuseQuiz.status, description: server.refuseQuiz.description });
        server.quizzes.push({ answers: body.answers });
        const score = scoreQuiz(authored, body.answers);
        if (score.passed) completed.add(body.section);
        const marks = { score: score.score, correct: score.correct, total: score.total, passMark: authored.passMark, passed: authored.requiredNextModule ? score.passed : null, questionsCorrect: score.questions };
        return envelope({ isCompleted: completed.has(body.section), moduleCompleted: false, ...state(), ...marks });
      }
      return envelope(null, { status: 404 });
    },
  };
  return server;
}
