// The one way the app reports what a learner did: progress, quiz answers, survey responses. Each
// event gets its idempotency key (eventId) and the client's time here, so a retry — by the user,
// by the client, or later by the offline outbox that will sit under these functions — can never
// count twice. Screens call these and never the endpoints directly.
import { submitSurveyResponse, updateQuizScore, uploadViewing, type SurveyResponseItem } from '@rivet/shared/api/learning';
import type { ApiClient } from '@rivet/shared/client/api-client';
import type { ChosenAnswer } from '@rivet/shared/domain/quiz';

const newEventId = (): string => crypto.randomUUID();
const clientNow = (): string => new Date().toISOString();

export interface ProgressReport {
  courseId: number;
  /** Module id. */
  currentModule: number;
  /** Section id. */
  currentSection: number;
  secondsWatched?: number;
  isCompleted?: boolean;
}

export function reportProgress(api: ApiClient, userId: string, report: ProgressReport) {
  return api.call(uploadViewing, {
    params: { userId },
    body: { eventId: newEventId(), lastDateVisted: clientNow(), secondsWatched: 0, isCompleted: false, ...report },
  });
}

export interface QuizSubmission {
  courseId: number;
  courseQuizId: number;
  module: number;
  section: number;
  answers: ChosenAnswer[];
  /** What the screen computed; sent for the record, never trusted. */
  score?: number;
  /** The attempt's event id: sending the same attempt again (Try again) must reuse it. */
  eventId?: string;
}

export function submitQuiz(api: ApiClient, userId: string, { eventId = newEventId(), ...submission }: QuizSubmission) {
  return api.call(updateQuizScore, {
    params: { userId },
    body: {
      eventId,
      lastDateVisted: clientNow(),
      ...submission,
      answers: submission.answers.map((a) => ({ question: a.question, options: [...a.options] })),
    },
  });
}

export function submitSurvey(api: ApiClient, userId: string, courseId: number, responses: SurveyResponseItem[]) {
  return api.call(submitSurveyResponse, { body: { eventId: newEventId(), userId, courseId, responses } });
}
