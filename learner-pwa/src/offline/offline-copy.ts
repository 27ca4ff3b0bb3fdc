// Reads that keep working offline: the network's answer is kept in IndexedDB each time it comes,
// and when the network fails (not when the server refuses) the last kept answer is used instead.
import type * as v from 'valibot';
import type { LearnerCourse, PlayerContent } from '@rivet/shared/api/learning';
import { readStored } from '@rivet/shared/client/stored-row';
import { offlineCopySchema } from './stored-shapes';
import { ApiError } from '@rivet/shared/client/errors';
import { learnerDb } from './db';
import { saveCourseContent } from './course-store';
import { withQueued } from './local-progress';
import { pendingEvents } from './outbox';

export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.kind === 'network';

const copyKey = (userId: string, name: string) => `copy:${userId}:${name}`;

/**
 * `fetch`'s answer, kept under `name`; the kept one when the network fails (if it still matches
 * `schema`, the answer's contract: decision 057), else what `derive` makes from the courses on the
 * phone (a learner who went straight from a course to studying it offline never loaded the
 * dashboard online).
 */
export async function withOfflineCopy<T>(userId: string, name: string, schema: v.GenericSchema<unknown, T>, fetch: () => Promise<T>, derive?: (courses: PlayerContent[]) => T): Promise<T> {
  const db = learnerDb();
  try {
    const data = await fetch();
    await db.meta.put({ key: copyKey(userId, name), value: { data, savedAt: Date.now() } }).catch(() => undefined);
    return data;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const value = (await db.meta.get(copyKey(userId, name)).catch(() => undefined))?.value;
    const kept = value === undefined ? null : readStored(`copy of ${name}`, { version: 0, schema: offlineCopySchema(schema) }, value);
    if (kept) return kept.data;
    const courses = derive ? await db.courses.where('userId').equals(userId).toArray().catch(() => []) : [];
    if (!derive || !courses.length) throw error;
    return derive(courses.sort((a, b) => b.savedAt - a.savedAt).map((c) => c.content));
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

/** A dashboard card's worth of a course the phone holds (what a list answer would say of it). */
export function learnerCourseOf(content: PlayerContent): LearnerCourse {
  const assets = content.videos.flatMap((m) => m.items.flatMap((s) => s.courseModuleItemAssets));
  return {
    courseId: content.courseId,
    title: content.title,
    description: content.description,
    institution: content.institution,
    institutionId: content.institutionId,
    institutionLogo: content.institutionLogo,
    courseThumbNailUrl: content.courseThumbNailUrl,
    courseLevelName: '',
    duration: Math.round(assets.reduce((sum, a) => sum + (a.duration ?? 0), 0) / 60),
    modules: content.videos.length,
    coursePrice: { amount: content.coursePrice.amount },
    completed: content.completed,
    percentage: content.percentage,
    currentModule: content.currentModule,
    currentSection: content.currentSection,
    enrolledAt: new Date(0).toISOString(),
    lastVisitedAt: null,
    completedAt: null,
    hasSurvey: content.hasSurvey,
    certificateId: content.certificateId,
  };
}
