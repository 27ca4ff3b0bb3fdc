// One learner's checked events on one course, applied in memory in the order sent, as if each had
// been its own call: every event gets the answer its own call would have given at that point,
// and the batch folds into a few writes (one row per touched section, one position, at most one
// course completion). Pure: the database work is around it (learner-events.ts).
import type { ProgressResult, QuizAnswer, QuizResult } from '@rivet/shared/api/learning';
import { NO_PROGRESS, mergePosition, mergeSection, type Position, type SectionProgress } from '@rivet/shared/domain/progress';
import { percentCorrect, type QuizScore } from '@rivet/shared/domain/quiz';
import { percentageOf } from './learning.mappers';
import { LEARNING_MESSAGES } from './learning.messages';
import type { SectionWrite } from './learner-events.repository';
import type { StoredAnswer } from './survey-answers';

export type { QuizResult };

export interface SurveyResult {
  submitted: boolean;
  duplicate: boolean;
}

/** An event that passed every check that does not depend on the learner's state. `at`: client time (ms), clamped to the server's. */
export type CheckedEvent = { index: number; eventId: string; courseId: number; at: number } & (
  | { kind: 'progress'; moduleId: number; sectionId: number; isCompleted: boolean; secondsWatched: number | null }
  | { kind: 'quiz'; moduleId: number; sectionId: number; assetId: number; answers: QuizAnswer[]; scored: QuizScore; passMark: number; required: boolean }
  | { kind: 'survey'; surveyId: number; answers: StoredAnswer[] }
);

/** Applied or duplicate: what the event's own call would have answered. */
export type EventAnswer =
  | { kind: 'progress'; duplicate: boolean; description: string; result: ProgressResult }
  | { kind: 'quiz'; duplicate: boolean; description: string; result: QuizResult }
  | { kind: 'survey'; duplicate: boolean; description: string; result: SurveyResult };

export interface CourseStructure {
  /** Module id → its section ids (modules without sections included). */
  modules: Map<number, number[]>;
  /** Section id → its module id. */
  sectionModule: Map<number, number>;
  quizSections: Set<number>;
}

export interface LearnerCourseState {
  completedSections: Set<number>;
  completedAt: Date | null;
  hasSurvey: boolean;
  surveySubmitted: boolean;
}

export interface CourseWrites {
  sections: SectionWrite[];
  /** The newest position of the batch (it also sets the last visit); null when no event moves it. */
  position: { moduleId: number; sectionId: number; at: Date } | null;
  /** When the course became complete, if an event of this batch completed it. */
  completedAt: Date | null;
  quizAttempts: { id: string; assetId: number; answers: QuizAnswer[]; scored: QuizScore; at: Date }[];
  survey: { surveyId: number; answers: StoredAnswer[] } | null;
}

export const ALREADY_ANSWERED: Extract<EventAnswer, { kind: 'survey' }> = {
  kind: 'survey',
  duplicate: true,
  description: LEARNING_MESSAGES.surveyAlreadySubmitted,
  result: { submitted: true, duplicate: true },
};

interface SectionFold {
  progress: SectionProgress;
  hasPosition: boolean;
  completedAt: number | null;
}

/**
 * `isNew(event)`: the event's id was recorded by this batch (it applies); otherwise it is a
 * duplicate and answers the state at its turn. `storedAttempts`: first scores of replayed quiz events.
 */
export function mergeCourseEvents(input: {
  structure: CourseStructure;
  state: LearnerCourseState;
  events: readonly CheckedEvent[];
  isNew: (event: CheckedEvent) => boolean;
  storedAttempts: Map<string, { score: number; correct: number; total: number }>;
}): { answers: Map<number, EventAnswer>; writes: CourseWrites } {
  const { structure, events, isNew } = input;
  const total = structure.sectionModule.size;
  const completed = new Set([...input.state.completedSections].filter((s) => structure.sectionModule.has(s)));
  let courseCompletedAt = input.state.completedAt;
  let surveySubmitted = input.state.surveySubmitted;
  const sections = new Map<number, SectionFold>();
  let position: Position = { currentModule: null, currentSection: null, at: null };
  const writes: CourseWrites = { sections: [], position: null, completedAt: null, quizAttempts: [], survey: null };
  const answers = new Map<number, EventAnswer>();
  // A replayed quiz answers its first score, also when the first was earlier in this batch.
  const scores = new Map(input.storedAttempts);

  const foldOf = (sectionId: number) => {
    let fold = sections.get(sectionId);
    if (!fold) sections.set(sectionId, (fold = { progress: NO_PROGRESS, hasPosition: false, completedAt: null }));
    return fold;
  };

  function complete(sectionId: number, at: number) {
    const fold = foldOf(sectionId);
    fold.progress = { ...fold.progress, isCompleted: true };
    fold.completedAt ??= at;
    completed.add(sectionId);
    if (!courseCompletedAt && total > 0 && completed.size >= total) {
      courseCompletedAt = new Date(at);
      writes.completedAt = courseCompletedAt;
    }
  }

  function stateOf(moduleId: number, sectionId: number, duplicate: boolean): ProgressResult {
    const moduleSections = structure.modules.get(moduleId) ?? [];
    const moduleCompleted = moduleSections.filter((s) => completed.has(s)).length;
    return {
      isCompleted: completed.has(sectionId),
      moduleCompleted: moduleSections.length > 0 && moduleCompleted >= moduleSections.length,
      courseCompleted: courseCompletedAt !== null,
      hasSurvey: input.state.hasSurvey,
      surveySubmitted,
      percentage: percentageOf({ sections: total, completedSections: completed.size, completedAt: courseCompletedAt }),
      duplicate,
    };
  }

  for (const event of events) {
    const fresh = isNew(event);
    if (event.kind === 'survey') {
      // One response per learner and course: after the first, every other is acknowledged and ignored.
      if (!fresh || surveySubmitted) {
        answers.set(event.index, ALREADY_ANSWERED);
        continue;
      }
      writes.survey = { surveyId: event.surveyId, answers: event.answers };
      surveySubmitted = true;
      answers.set(event.index, { kind: 'survey', duplicate: false, description: LEARNING_MESSAGES.surveySubmitted, result: { submitted: true, duplicate: false } });
      continue;
    }
    if (fresh) {
      position = mergePosition(position, { currentModule: event.moduleId, currentSection: event.sectionId, at: event.at });
      if (event.kind === 'progress') {
        // Without a video time the event only says which section is open (the course position above).
        if (event.secondsWatched !== null) {
          const fold = foldOf(event.sectionId);
          fold.progress = mergeSection(fold.progress, { isCompleted: false, secondsWatched: event.secondsWatched, at: event.at });
          fold.hasPosition = true;
        }
        if (event.isCompleted) complete(event.sectionId, event.at);
      } else {
        writes.quizAttempts.push({ id: event.eventId, assetId: event.assetId, answers: event.answers, scored: event.scored, at: new Date(event.at) });
        scores.set(event.eventId, event.scored);
        if (event.scored.passed) complete(event.sectionId, event.at);
      }
    }
    const state = stateOf(event.moduleId, event.sectionId, !fresh);
    if (event.kind === 'progress') {
      answers.set(event.index, { kind: 'progress', duplicate: !fresh, description: 'Successful', result: state });
    } else {
      const { score, correct, total: questions } = (fresh ? null : scores.get(event.eventId)) ?? event.scored;
      // A replay is the same attempt sent again: its marks are those of the answers it carries.
      const passed = event.required ? percentCorrect(correct, questions) >= event.passMark : null;
      const result = { ...state, score, correct, total: questions, passMark: event.passMark, passed, questionsCorrect: event.scored.questions };
      answers.set(event.index, { kind: 'quiz', duplicate: !fresh, description: 'Successful', result });
    }
  }

  for (const [sectionId, fold] of sections) {
    writes.sections.push({
      sectionId,
      isCompleted: fold.progress.isCompleted,
      completedAt: fold.completedAt === null ? null : new Date(fold.completedAt),
      secondsWatched: fold.hasPosition ? fold.progress.secondsWatched : null,
      positionAt: fold.hasPosition && fold.progress.at !== null ? new Date(fold.progress.at) : null,
    });
  }
  if (position.at !== null) writes.position = { moduleId: position.currentModule!, sectionId: position.currentSection!, at: new Date(position.at) };
  return { answers, writes };
}
