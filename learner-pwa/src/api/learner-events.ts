// The one way the app reports what a learner did: progress, quiz answers, survey responses. Each
// event gets its idempotency key (eventId) and the client's time here, is written to the outbox
// (offline/outbox.ts) together with its effect on the course as the phone holds it, and only then
// sent. The screen gets the server's answer when it comes quickly; otherwise (offline, a slow or
// failing network) the answer the phone computed by the server's own rules, and the event waits in
// the outbox until it is delivered. A refusal (a 4xx for this event) rejects with its reason and
// the event stays parked, visible to the learner.
import { submitLearnerEvents, type LearnerEvent, type PlayerContent, type ProgressResult, type SurveyResponseItem } from '@rivet/shared/api/learning';
import type { ApiClient } from '@rivet/shared/client/api-client';
import { ApiError } from '@rivet/shared/client/errors';
import type { ChosenAnswer } from '@rivet/shared/domain/quiz';
import { courseKey, learnerDb } from '../offline/db';
import { applyLocally, type QuizResult } from '../offline/local-progress';
import { enqueue, replay, type ReplayReport, type SendBatch } from '../offline/outbox';
import { requestBackgroundSync } from '../offline/background-sync';
import { notifyReplayed } from '../offline/sync-events';

const newEventId = (): string => crypto.randomUUID();
const clientNow = (): string => new Date().toISOString();

/** How long a screen waits for the server's answer before going on with the phone's own. */
export const ANSWER_WAIT_MS = 4_000;

export interface Outcome<R> {
  result: R;
  /** Not confirmed by the server yet: waiting in the outbox. */
  queued: boolean;
}

export function batchSender(api: ApiClient): SendBatch {
  return async (userId, events) => (await api.call(submitLearnerEvents, { params: { userId }, body: { events: events as Record<string, unknown>[] } })).results;
}

/** Sends what the outbox holds for this learner now; the report says what happened. */
export async function syncOutbox(api: ApiClient, userId: string, options: { force?: boolean } = {}): Promise<ReplayReport> {
  const report = await replay(learnerDb(), userId, { send: batchSender(api), force: options.force });
  if (report.requests) notifyReplayed(userId, report);
  return report;
}

/**
 * Queues the event with its local effect (one transaction), then tries to deliver it. `content`
 * is the screen's copy of the course, used when the phone has none stored.
 */
async function record<R>(api: ApiClient, userId: string, event: LearnerEvent, content?: PlayerContent): Promise<Outcome<R>> {
  const db = learnerDb();
  const local = await db.transaction('rw', db.outbox, db.courses, async () => {
    await enqueue(db, userId, event);
    const key = courseKey(userId, event.courseId);
    const stored = await db.courses.get(key);
    const base = stored?.content ?? content;
    if (!base) return null;
    const applied = applyLocally(base, event);
    if (stored) await db.courses.update(key, { content: applied.content });
    return applied.result as R | null;
  });

  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  let answer = online ? await deliver(api, userId, event.eventId) : undefined;
  // Another replay (the sync runtime's, the service worker's) may have delivered the event while
  // this one waited for its turn, and kept the answer: ask again with the same event id, which the
  // server answers with the event's first result (a quiz's marks) and applies nothing twice.
  if (online && !answer && (await db.outbox.where('eventId').equals(event.eventId).count()) === 0) {
    await enqueue(db, userId, event);
    answer = await deliver(api, userId, event.eventId);
  }
  if (answer?.outcome === 'rejected') throw new ApiError('http', answer.description, answer.status);
  if (answer?.result) return { result: answer.result as R, queued: false };

  void requestBackgroundSync();
  if (local === null) throw new ApiError('network', 'Saved on this phone; it will be sent when you are back online.');
  return { result: local, queued: true };
}

const wait = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/** Replays now and gives this event's answer, if it comes within the screen's wait. */
async function deliver(api: ApiClient, userId: string, eventId: string) {
  const report = await Promise.race([syncOutbox(api, userId, { force: true }), wait(ANSWER_WAIT_MS)]);
  return report?.results.get(eventId);
}

export interface ProgressReport {
  courseId: number;
  /** Module id. */
  currentModule: number;
  /** Section id. */
  currentSection: number;
  /** Where in the video; left out when the event only says which section is open (the video time stays as it was). */
  secondsWatched?: number;
  isCompleted?: boolean;
}

export function reportProgress(api: ApiClient, userId: string, report: ProgressReport, content?: PlayerContent): Promise<Outcome<ProgressResult>> {
  return record(api, userId, { type: 'progress', eventId: newEventId(), lastDateVisted: clientNow(), isCompleted: false, ...report }, content);
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

export function submitQuiz(api: ApiClient, userId: string, { eventId = newEventId(), ...submission }: QuizSubmission, content?: PlayerContent): Promise<Outcome<QuizResult>> {
  return record(
    api,
    userId,
    {
      type: 'quiz',
      eventId,
      lastDateVisted: clientNow(),
      ...submission,
      answers: submission.answers.map((a) => ({ question: a.question, options: [...a.options] })),
    },
    content,
  );
}

export async function submitSurvey(api: ApiClient, userId: string, courseId: number, responses: SurveyResponseItem[]): Promise<Outcome<{ submitted: boolean; duplicate: boolean }>> {
  const event: LearnerEvent = { type: 'survey', eventId: newEventId(), userId, courseId, responses };
  try {
    return await record(api, userId, event);
  } catch (error) {
    // A survey needs no course copy to be answered locally: it is simply submitted.
    if (error instanceof ApiError && error.kind === 'network') return { result: { submitted: true, duplicate: false }, queued: true };
    throw error;
  }
}
