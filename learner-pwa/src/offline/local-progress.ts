// What the phone shows for an event the server has not answered yet (it waits in the outbox). The
// same rules as the server (shared/domain/progress.ts, shared/domain/quiz.ts, decision 008), on the
// course content the phone holds, so studying offline looks exactly as it will once synced:
// completion only turns on, a practice quiz completes with any finished attempt, a certificate quiz
// (whose key the phone never has) waits for the server's marks, the position moves
// only forward in client time, percentages are completed sections over all.
import type { LearnerEvent, PlayerContent, PlayerSection, ProgressResult, QuizResult as MarkedQuiz } from '@rivet/shared/api/learning';
import { coursePercentage } from '@rivet/shared/domain/progress';
import { scoreQuiz, withAnswerKey } from '@rivet/shared/domain/quiz';

export type QuizResult = MarkedQuiz & {
  /** A quiz Required for Certificate answered on the phone: only the server can mark it (decision 017); `passed` stays null meanwhile. */
  awaitingMarks?: true;
};

interface Where {
  moduleIndex: number;
  sectionIndex: number;
  section: PlayerSection;
}

function find(content: PlayerContent, moduleId: number, sectionId: number): Where | null {
  const moduleIndex = content.videos.findIndex((m) => m.courseModuleId === moduleId);
  const sectionIndex = moduleIndex < 0 ? -1 : content.videos[moduleIndex]!.items.findIndex((s) => s.courseModuleItemId === sectionId);
  if (sectionIndex < 0) return null;
  return { moduleIndex, sectionIndex, section: content.videos[moduleIndex]!.items[sectionIndex]! };
}

const isQuizSection = (section: PlayerSection) => section.courseModuleItemAssets.some((a) => a.assetType === 'quiz');

function withSection(content: PlayerContent, at: Where, update: (s: PlayerSection) => PlayerSection): PlayerContent {
  const videos = content.videos.map((module, m) => {
    if (m !== at.moduleIndex) return module;
    const items = module.items.map((section, s) => (s === at.sectionIndex ? update(section) : section));
    return { ...module, items, itemsCompleted: items.filter((s) => s.isCompleted).length };
  });
  const sections = videos.flatMap((m) => m.items);
  const done = sections.filter((s) => s.isCompleted).length;
  return { ...content, videos, percentage: coursePercentage(done, sections.length), completed: content.completed || (sections.length > 0 && done === sections.length) };
}

const completeSection = (s: PlayerSection): PlayerSection =>
  s.isCompleted ? s : { ...s, isCompleted: true, courseModuleItemAssets: s.courseModuleItemAssets.map((a) => ({ ...a, isCompleted: true })) };

function resultAt(content: PlayerContent, at: Where): ProgressResult {
  const module = content.videos[at.moduleIndex]!;
  return {
    isCompleted: module.items[at.sectionIndex]!.isCompleted,
    moduleCompleted: module.items.every((s) => s.isCompleted),
    courseCompleted: content.completed,
    hasSurvey: content.hasSurvey,
    surveySubmitted: content.surveySubmitted,
    percentage: content.percentage,
    duplicate: false,
  };
}

/** Position and video time are taken only from an event newer than the last applied here. */
function movePosition(content: PlayerContent, at: Where, moduleId: number, sectionId: number, secondsWatched: number | null): PlayerContent {
  const next = secondsWatched === null ? content : withSection(content, at, (s) => ({ ...s, courseModuleItemAssets: s.courseModuleItemAssets.map((a) => ({ ...a, secondsWatched })) }));
  return { ...next, currentModule: moduleId, currentSection: sectionId };
}

export interface Applied<R> {
  content: PlayerContent;
  /** Null when the event is not about this content (an unknown section: the server will say so). */
  result: R | null;
}

/** Applies one queued event to the content, as the server will. Events must come in queue order. */
export function applyLocally(content: PlayerContent, event: LearnerEvent): Applied<ProgressResult | QuizResult | { submitted: boolean; duplicate: boolean }> {
  switch (event.type) {
    case 'progress': {
      const at = find(content, event.currentModule, event.currentSection);
      if (!at) return { content, result: null };
      // Without a video time the event only says which section is open.
      let next = movePosition(content, at, event.currentModule, event.currentSection, event.secondsWatched === undefined ? null : Math.floor(event.secondsWatched));
      if (event.isCompleted && !isQuizSection(at.section)) next = withSection(next, at, completeSection);
      return { content: next, result: resultAt(next, at) };
    }
    case 'quiz': {
      const at = find(content, event.module, event.section);
      const quiz = at?.section.courseModuleItemAssets.find((a) => a.courseModuleItemAssetId === event.courseQuizId)?.quiz;
      if (!at || !quiz) return { content, result: null };
      let next = movePosition(content, at, event.module, event.section, null);
      const keyed = withAnswerKey(quiz);
      // A certificate quiz carries no key: the attempt waits for the server's marks, completing nothing here.
      if (!keyed) {
        const waiting = { score: 0, correct: 0, total: quiz.data.length, passMark: quiz.passMark, passed: null, questionsCorrect: [], awaitingMarks: true as const };
        return { content: next, result: { ...resultAt(next, at), ...waiting } };
      }
      const scored = scoreQuiz(keyed, event.answers);
      if (scored.passed) next = withSection(next, at, completeSection);
      const marks = { score: scored.score, correct: scored.correct, total: scored.total, passMark: quiz.passMark, passed: null, questionsCorrect: scored.questions };
      return { content: next, result: { ...resultAt(next, at), ...marks } };
    }
    case 'survey':
      return { content: { ...content, surveySubmitted: true }, result: { submitted: true, duplicate: false } };
  }
}

/** The content with every still-queued event of this course applied (the server's copy lacks them). */
export function withQueued(content: PlayerContent, events: readonly LearnerEvent[]): PlayerContent {
  return events.filter((e) => e.courseId === content.courseId).reduce((c, e) => applyLocally(c, e).content, content);
}
