// Query pieces more than one module needs, kept in one deliberate place so that no module imports
// another module's repository (tools/eslint-layers.js): what a learner may see of a course, and a
// course's outline.
import { and, asc, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import * as t from './schema';

/** A course's approval status once it is approved. */
export const APPROVED = 2;

/**
 * A course a learner may see: approved, published (not a draft, publish date passed), active, from
 * an active partner. The query must join `institutions` on the course's institution.
 */
export function visibleCourse(now: Date): SQL {
  return and(
    eq(t.courses.approvalStatus, APPROVED),
    eq(t.courses.draft, false),
    eq(t.courses.isActive, true),
    eq(t.institutions.isActive, true),
    isNotNull(t.courses.publishDate),
    lte(t.courses.publishDate, now),
  )!;
}

/**
 * Every module, section and asset of a course, in order (modules and sections without children
 * included): the catalogue's outline and the player's content both come from this one query.
 */
export function courseOutline(db: Database, courseId: number) {
  return db
    .select({
      moduleId: t.courseModules.id,
      moduleTitle: t.courseModules.title,
      sectionId: t.courseSections.id,
      sectionTitle: t.courseSections.title,
      assetId: t.courseAssets.id,
      assetType: t.courseAssets.assetType,
      assetTitle: t.courseAssets.title,
      url: t.courseAssets.url,
      body: t.courseAssets.body,
      quiz: t.courseAssets.quiz,
      duration: t.courseAssets.duration,
    })
    .from(t.courseModules)
    .leftJoin(t.courseSections, eq(t.courseSections.moduleId, t.courseModules.id))
    .leftJoin(t.courseAssets, eq(t.courseAssets.sectionId, t.courseSections.id))
    .where(eq(t.courseModules.courseId, courseId))
    .orderBy(
      asc(t.courseModules.position),
      asc(t.courseModules.id),
      asc(t.courseSections.position),
      asc(t.courseSections.id),
      asc(t.courseAssets.position),
      asc(t.courseAssets.id),
    );
}

export type OutlineRow = Awaited<ReturnType<typeof courseOutline>>[number];
