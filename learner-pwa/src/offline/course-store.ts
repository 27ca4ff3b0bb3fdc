// The learner's courses as last seen, kept in IndexedDB (db.ts `courses`) so the player, quizzes,
// survey and completion pages open without the network. Written whenever the content is fetched
// (and when a course is downloaded); local progress is applied on top by the outbox.
import type { PlayerContent, Survey } from '@rivet/shared/api/learning';
import { courseKey, learnerDb, type OfflineCourse } from './db';

export async function saveCourseContent(userId: string, content: PlayerContent, now = Date.now()): Promise<void> {
  const db = learnerDb();
  await db.transaction('rw', db.courses, async () => {
    const key = courseKey(userId, content.courseId);
    const known = await db.courses.get(key);
    await db.courses.put({ ...known, key, userId, courseId: content.courseId, content, savedAt: now });
  });
}

export async function saveCourseSurvey(userId: string, courseId: number, survey: Survey | null): Promise<void> {
  await learnerDb().courses.update(courseKey(userId, courseId), { survey });
}

export function readCourse(userId: string, courseId: number): Promise<OfflineCourse | undefined> {
  return learnerDb().courses.get(courseKey(userId, courseId));
}
