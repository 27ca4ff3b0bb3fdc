// Reads that keep working offline: the network's answer is kept in IndexedDB each time it comes,
// and when the network fails (not when the server refuses) the last kept answer is used instead.
import type { LearnerCourse, PlayerContent } from '@rivet/shared/api/learning';
import { ApiError } from '@rivet/shared/client/errors';
import { learnerDb } from './db';
import { saveCourseContent } from './course-store';
import { withQueued } from './local-progress';
import { pendingEvents } from './outbox';

export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.kind === 'network';

const copyKey = (userId: string, name: string) => `copy:${userId}:${name}`;

/** `fetch`'s answer, kept under `name`; the kept one when the network fails. */
export async function withOfflineCopy<T>(userId: string, name: string, fetch: () => Promise<T>): Promise<T> {
  const db = learnerDb();
  try {
    const data = await fetch();
    await db.meta.put({ key: copyKey(userId, name), value: { data, savedAt: Date.now() } }).catch(() => undefined);
    return data;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = (await db.meta.get(copyKey(userId, name)).catch(() => undefined))?.value as { data: T } | undefined;
    if (kept === undefined) throw error;
    return kept.data;
  }
}

/** A course's content: the server's, with what still waits in the outbox applied; the phone's copy offline. */
export async function playerContentWithOfflineCopy(userId: string, courseId: number, fetch: () => Promise<PlayerContent>): Promise<PlayerContent> {
  const db = learnerDb();
  try {
    const fromServer = await fetch();
    const waiting = (await pendingEvents(db, userId)).map((e) => e.event);
    const content = withQueued(fromServer, waiting);
    await saveCourseContent(userId, content).catch(() => undefined);
    return content;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = await db.courses.get(`${userId}:${courseId}`).catch(() => undefined);
    if (!kept) throw error;
    return kept.content;
  }
}

/** Offline, a course list shows the progress made on this phone since the list was kept. */
export async function withLocalProgress(userId: string, courses: LearnerCourse[]): Promise<LearnerCourse[]> {
  const kept = await learnerDb().courses.where('userId').equals(userId).toArray().catch(() => []);
  const byId = new Map(kept.map((c) => [c.courseId, c.content]));
  return courses.map((course) => {
    const content = byId.get(course.courseId);
    if (!content || content.percentage < course.percentage) return course;
    return {
      ...course,
      percentage: content.percentage,
      completed: course.completed || content.completed,
      currentModule: content.currentModule,
      currentSection: content.currentSection,
    };
  });
}
