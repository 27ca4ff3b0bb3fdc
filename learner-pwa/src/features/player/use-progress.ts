// The player's side of progress: it sends events only through api/learner-events (which queues
// them in the offline outbox first), shows each answer at once in the cached content, and takes the learner
// on to the survey or the completion page when an answer says the course is now complete
// (spec: States — Video progress). A failed save shows its message in a notification and changes
// nothing on screen (spec: Errors).
import { useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PlayerContent, ProgressResult } from '@rivet/shared/api/learning';
import { errorMessage } from '@rivet/shared/client/errors';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import type { ChosenAnswer } from '@rivet/shared/domain/quiz';
import { toast } from '@rivet/shared/ui/toast';
import { reportProgress, submitQuiz } from '../../api/learner-events';
import { learningKeys } from '../../api/use-learning';
import { paths } from '../../paths';
import { withCurrent, withPosition, withResult } from './apply-progress';
import { afterSection, locate, type Position } from './course-outline';
import type { PlayerProgress, VideoProgress } from './player-progress';
import type { SavedScore } from './quiz/quiz-state';

/**
 * The dashboard's lists and rings are out of date after an event. (api/use-learning's
 * invalidateLearning would also refetch this open course's content — every section, article and
 * quiz, with freshly signed media addresses — after each pause; the player keeps that copy current
 * itself, so it is left out here.)
 */
function markListsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: learningKeys.all, predicate: (query) => query.queryKey[2] !== 'content' });
}

export function useProgress(content: PlayerContent): PlayerProgress {
  const { api } = useSessionManager();
  const userId = useSession().profile?.userId ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = learningKeys.content(userId, content.courseId);
  /** The answer that completed the course during this visit, until the learner is taken on. */
  const completion = useRef<ProgressResult | null>(null);
  const attemptIds = useRef(new WeakMap<ChosenAnswer[], string>());

  const cached = () => queryClient.getQueryData<PlayerContent>(key) ?? content;
  const update = (change: (c: PlayerContent) => PlayerContent) => queryClient.setQueryData<PlayerContent>(key, (c) => (c ? change(c) : c));

  /** Applies an answer; true when it completed the course (or finished it again from its last section). */
  const apply = (at: Position, result: ProgressResult, completing: boolean): boolean => {
    const before = cached();
    update((c) => withResult(c, at, result));
    markListsStale(queryClient);
    const finished = completing && result.courseCompleted && (!before.completed || afterSection(before, at).kind === 'course-end');
    if (finished) completion.current = result;
    return finished;
  };

  const finishCourse = () => {
    const result = completion.current;
    if (!result) return;
    completion.current = null;
    void navigate(result.hasSurvey && !result.surveySubmitted ? paths.survey(content.courseId) : paths.courseCompletedFor(content.courseId));
  };

  const ids = (at: Position) => {
    const here = locate(cached(), at);
    return here ? { courseId: content.courseId, currentModule: here.module.courseModuleId, currentSection: here.section.courseModuleItemId } : null;
  };

  /**
   * A position or a completion. Resolves with the server's answer (`finished` when it completed
   * the course and the learner is being taken on), or null when saving failed.
   */
  const report = async (at: Position, progress: VideoProgress): Promise<{ result: ProgressResult; finished: boolean } | null> => {
    const where = ids(at);
    if (!where) return null;
    const secondsWatched = Math.max(0, Math.floor(progress.secondsWatched));
    // Coming back to this section during the visit resumes here, whatever the network does.
    update((c) => withPosition(c, at, secondsWatched));
    try {
      // Offline the answer is the phone's own (the event waits in the outbox); it follows the server's rules.
      const { result } = await reportProgress(api, userId, { ...where, secondsWatched, isCompleted: progress.isCompleted }, cached());
      const finished = apply(at, result, progress.isCompleted);
      if (finished) finishCourse();
      return { result, finished };
    } catch (error) {
      toast.error(errorMessage(error));
      return null;
    }
  };

  /**
   * The learner opened another section: it becomes where they are, so Resume opens it even when
   * they leave without doing anything there (decision 008). An event without a video time, which
   * moves only the course position. Nothing on screen waits for it: a refusal is parked and shown
   * by the sync status line, not in a notification.
   */
  const opened = (at: Position) => {
    const where = ids(at);
    const current = cached();
    if (!where || (current.currentModule === where.currentModule && current.currentSection === where.currentSection)) return;
    update((c) => withCurrent(c, at));
    const done = () => markListsStale(queryClient);
    void reportProgress(api, userId, where, cached()).then(done, done);
  };

  /**
   * A quiz attempt. The server scores it; passing is its isCompleted. Rejects when not saved.
   * 'Try again' sends the same answers array: it keeps the attempt's event id, so an attempt
   * whose first answer was lost on the way back is still recorded once.
   */
  const submitAttempt = async (at: Position, answers: ChosenAnswer[], score: number | undefined): Promise<SavedScore> => {
    let eventId = attemptIds.current.get(answers);
    if (!eventId) attemptIds.current.set(answers, (eventId = crypto.randomUUID()));
    const where = ids(at);
    const quizId = locate(cached(), at)?.asset?.courseModuleItemAssetId;
    if (!where || quizId === undefined) throw new Error('This quiz is no longer in the course.');
    const { result, queued } = await submitQuiz(
      api,
      userId,
      {
        courseId: where.courseId,
        courseQuizId: quizId,
        module: where.currentModule,
        section: where.currentSection,
        answers,
        score,
        eventId,
      },
      cached(),
    );
    // The learner sees their score first; Next (or Continue) then takes them on (finishCourse).
    apply(at, result, result.isCompleted);
    return {
      correct: result.correct,
      total: result.total,
      score: result.score,
      passMark: result.passMark,
      passed: result.passed,
      sectionComplete: result.isCompleted,
      questionsCorrect: result.questionsCorrect,
      queued,
      awaitingMarks: queued && result.awaitingMarks === true,
    };
  };

  return {
    report,
    opened,
    submitAttempt,
    finishCourse,
    /** True when an answer during this visit completed the course and the learner is still here. */
    courseCompletedHere: () => completion.current !== null,
  };
}
