// A course's stored minutes (courses.duration_minutes) kept equal to what its content adds up to
// (shared/domain/course-duration.ts, decision 080). Several writers change the content a course's
// length depends on: the curriculum's save (it computes the minutes from its plan itself), a
// video's processing (its length arrives minutes later, on every course using the file), a
// revision written over its published course, and the refresh at start for rows stored before
// this rule. They share these pieces, so they live here rather than in one module's repository.
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { courseMinutes, type TimedAsset } from '@rivet/shared/domain/course-duration';
import { ASSET_TYPE } from '@rivet/shared/domain/curriculum';
import type { Database } from './client';
import * as t from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/** Courses refreshed per statement at start: bounded memory, whatever the catalogue's size. */
const BATCH = 500;

/** Each asset of these courses as the rule reads it: the quiz's settings, not its questions' text. */
async function timedAssets(ex: Executor, courseIds: readonly number[]): Promise<Map<number, TimedAsset[]>> {
  const rows = await ex
    .select({
      courseId: t.courseModules.courseId,
      assetType: t.courseAssets.assetType,
      duration: t.courseAssets.duration,
      timed: sql<boolean | null>`(${t.courseAssets.quiz} ->> 'timed')::boolean`,
      limit: sql<number | null>`case when jsonb_typeof(${t.courseAssets.quiz} -> 'duration') = 'number' then (${t.courseAssets.quiz} ->> 'duration')::numeric end`.mapWith(Number),
      questions: sql<number | null>`case when jsonb_typeof(${t.courseAssets.quiz} -> 'data') = 'array' then jsonb_array_length(${t.courseAssets.quiz} -> 'data') end`.mapWith(Number),
    })
    .from(t.courseAssets)
    .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
    .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
    .where(inArray(t.courseModules.courseId, [...courseIds]));
  const byCourse = new Map<number, TimedAsset[]>(courseIds.map((id) => [id, []]));
  for (const r of rows) {
    byCourse.get(r.courseId)!.push({ assetType: r.assetType, duration: r.duration, quiz: r.assetType === ASSET_TYPE.quiz ? { timed: r.timed, duration: r.limit, questions: r.questions } : null });
  }
  return byCourse;
}

/**
 * Recomputes these courses' minutes from their stored assets and writes those that changed
 * (`updated_at` is left alone: nobody edited the course). Returns how many changed.
 */
export async function refreshCourseMinutes(ex: Executor, courseIds: readonly number[]): Promise<number> {
  const ids = [...new Set(courseIds)];
  if (!ids.length) return 0;
  const assets = await timedAssets(ex, ids);
  const stored = await ex.select({ id: t.courses.id, minutes: t.courses.durationMinutes }).from(t.courses).where(inArray(t.courses.id, ids));
  let changed = 0;
  for (const course of stored) {
    const minutes = courseMinutes(assets.get(course.id) ?? []);
    if (minutes === course.minutes) continue;
    await ex.update(t.courses).set({ durationMinutes: minutes }).where(and(eq(t.courses.id, course.id), ne(t.courses.durationMinutes, minutes)));
    changed += 1;
  }
  return changed;
}

/** The courses whose lessons use this library file (published courses, drafts and revisions alike). */
export async function coursesUsingFile(ex: Executor, storageKey: string): Promise<number[]> {
  const rows = await ex
    .selectDistinct({ courseId: t.courseModules.courseId })
    .from(t.courseAssets)
    .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
    .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
    .where(eq(t.courseAssets.url, storageKey));
  return rows.map((r) => r.courseId);
}

/**
 * Every course, in batches of 500 by id: the start-up refresh for rows written before decision 080
 * (a video measured after its course was saved left the course at 0 or at its reading minutes).
 * Idempotent: a second run reads the same and writes nothing. Returns how many courses changed.
 */
export async function refreshAllCourseMinutes(db: Database): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const batch = await db.select({ id: t.courses.id }).from(t.courses).where(gt(t.courses.id, after)).orderBy(asc(t.courses.id)).limit(BATCH);
    if (!batch.length) return changed;
    changed += await refreshCourseMinutes(db, batch.map((r) => r.id));
    after = batch[batch.length - 1]!.id;
  }
}
