// What the player asks of whoever keeps the learner's progress. The learner app's is use-progress.ts
// (events through the offline outbox to the server); the staff preview's is preview-progress.ts
// (kept on the page, nothing sent: decision 035). The player itself never sends anything.
import type { ProgressResult } from '@rivet/shared/api/learning';
import type { ChosenAnswer } from '@rivet/shared/domain/quiz';
import type { Position } from './course-outline';
import type { SavedScore } from './quiz/quiz-state';

export interface VideoProgress {
  secondsWatched: number;
  isCompleted: boolean;
}

export interface PlayerProgress {
  /**
   * A position or a completion. Resolves with the answer (`finished` when it completed the course
   * and the learner is being taken on), or null when saving failed.
   */
  report(at: Position, progress: VideoProgress): Promise<{ result: ProgressResult; finished: boolean } | null>;
  /** Another section was opened: it becomes where the learner is. */
  opened(at: Position): void;
  /** A quiz attempt, marked; rejects when it could not be saved. */
  submitAttempt(at: Position, answers: ChosenAnswer[], score: number | undefined): Promise<SavedScore>;
  /** Takes the learner on after the course was completed during this visit. */
  finishCourse(): void;
  /** True when an answer during this visit completed the course and the learner is still here. */
  courseCompletedHere(): boolean;
}
