// The staff preview's progress (decision 035): what a learner would see happen, kept on the page and
// sent nowhere. The server's rules (shared/domain/progress.ts, shared/domain/quiz.ts): completion
// only turns on, percentages are completed sections over all, a practice quiz completes its section
// once finished, a certificate quiz only at its pass mark — marked here with the preview's answer
// keys, which learners never receive.
import { useRef, useState } from 'react';
import type { PlayerContent, ProgressResult, Quiz } from '@rivet/shared/api/learning';
import { coursePercentage } from '@rivet/shared/domain/progress';
import { scoreQuiz, type ChosenAnswer } from '@rivet/shared/domain/quiz';
import { afterSection, locate, type Position } from './course-outline';
import type { PlayerProgress } from './player-progress';
import type { SavedScore } from './quiz/quiz-state';

/** The content with these sections completed, and the course's percentage and completion to match. */
export function withCompleted(content: PlayerContent, completed: ReadonlySet<number>): PlayerContent {
  const videos = content.videos.map((module) => {
    const items = module.items.map((section) =>
      completed.has(section.courseModuleItemId) && !section.isCompleted
        ? { ...section, isCompleted: true, courseModuleItemAssets: section.courseModuleItemAssets.map((a) => ({ ...a, isCompleted: true })) }
        : section,
    );
    return { ...module, items, itemsCompleted: items.filter((s) => s.isCompleted).length };
  });
  const sections = videos.flatMap((m) => m.items);
  const done = sections.filter((s) => s.isCompleted).length;
  return { ...content, videos, percentage: coursePercentage(done, sections.length), completed: sections.length > 0 && done === sections.length };
}

function resultAt(content: PlayerContent, at: Position): ProgressResult {
  const module = content.videos[at.module]!;
  return {
    isCompleted: module.items[at.section]!.isCompleted,
    moduleCompleted: module.items.every((s) => s.isCompleted),
    courseCompleted: content.completed,
    hasSurvey: content.hasSurvey,
    surveySubmitted: false,
    percentage: content.percentage,
    duplicate: false,
  };
}

/** An attempt marked with the preview's key (the right options' indexes per question). */
export function markAttempt(quiz: Quiz, key: readonly (readonly number[])[] | undefined, answers: readonly ChosenAnswer[]) {
  const keyed = {
    ...quiz,
    data: quiz.data.map((q, i) => ({ ...q, options: q.options.map((o, j) => ({ ...o, isAnswer: key?.[i] ? key[i].includes(j) : o.isAnswer === true })) })),
  };
  const scored = scoreQuiz(keyed, answers);
  return {
    correct: scored.correct,
    total: scored.total,
    score: scored.score,
    passMark: quiz.passMark,
    // As the server says it: a practice quiz has no pass mark to reach.
    passed: quiz.requiredNextModule ? scored.passed : null,
    sectionComplete: scored.passed,
    questionsCorrect: scored.questions,
  } satisfies SavedScore;
}

/**
 * `content`: the preview as the server gave it (refetched for fresh media addresses; what was
 * completed on the page stays completed). `onCourseEnd`: where a learner would now be taken on.
 */
export function usePreviewProgress(content: PlayerContent, answerKeys: Readonly<Record<string, number[][]>>, onCourseEnd: () => void) {
  const done = useRef(new Set<number>());
  const [completed, setCompleted] = useState<ReadonlySet<number>>(() => new Set());
  const completion = useRef(false);

  const current = () => withCompleted(content, done.current);
  const complete = (sectionId: number) => {
    done.current.add(sectionId);
    setCompleted(new Set(done.current));
  };

  const progress: PlayerProgress = {
    async report(at, { isCompleted }) {
      const before = current();
      const here = locate(before, at);
      if (!here) return null;
      // A quiz section completes through its attempt only, as on the server.
      if (isCompleted && here.asset?.assetType !== 'quiz') complete(here.section.courseModuleItemId);
      const after = current();
      const result = resultAt(after, at);
      const finished = isCompleted && result.courseCompleted && (!before.completed || afterSection(before, at).kind === 'course-end');
      if (finished) {
        completion.current = true;
        progress.finishCourse();
      }
      return { result, finished };
    },

    opened() {},

    async submitAttempt(at, answers) {
      const before = current();
      const here = locate(before, at);
      const quiz = here?.asset?.quiz;
      if (!here || !quiz) throw new Error('This quiz is no longer in the course.');
      const marks = markAttempt(quiz, answerKeys[String(here.asset!.courseModuleItemAssetId)], answers);
      if (marks.sectionComplete) complete(here.section.courseModuleItemId);
      // The learner sees their score first; Continue then takes them on (finishCourse).
      if (marks.sectionComplete && current().completed && (!before.completed || afterSection(before, at).kind === 'course-end')) completion.current = true;
      return { ...marks, sectionComplete: marks.sectionComplete || here.section.isCompleted, queued: false };
    },

    finishCourse() {
      if (!completion.current) return;
      completion.current = false;
      onCourseEnd();
    },

    courseCompletedHere: () => completion.current,
  };

  return { content: withCompleted(content, completed), progress };
}
