// Drizzle queries for partner institutions.
import { and, asc, count, countDistinct, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { visibleCourse } from '../db/shared-queries';

export interface InstitutionFilters {
  /** Inactive partners too (platform staff who view institutions); otherwise active ones only. */
  includeInactive: boolean;
  isActive?: boolean;
  id?: number;
  search?: string;
  page: number;
  pageSize: number;
}

export type InstitutionRepository = ReturnType<typeof createInstitutionRepository>;
export type InstitutionRow = Awaited<ReturnType<InstitutionRepository['search']>>['rows'][number];

export function createInstitutionRepository(db: Database) {
  return {
    /** Partners (never the platform's own record) with their visible courses and learners counted. */
    async search(filters: InstitutionFilters, now: Date) {
      const conditions: SQL[] = [eq(t.institutions.isPlatform, false)];
      if (!filters.includeInactive) conditions.push(eq(t.institutions.isActive, true));
      else if (filters.isActive !== undefined) conditions.push(eq(t.institutions.isActive, filters.isActive));
      if (filters.id) conditions.push(eq(t.institutions.id, filters.id));
      if (filters.search) {
        const like = `%${filters.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
        conditions.push(or(ilike(t.institutions.name, like), ilike(t.institutions.fullName, like), ilike(t.institutions.code, like))!);
      }
      const where = and(...conditions);
      // Counts come from grouped subqueries joined in (not correlated subqueries), so every column
      // stays qualified and each count is computed once per request.
      const visibleCourses = db
        .select({ institutionId: t.courses.institutionId, n: count().as('visible_courses') })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(visibleCourse(now))
        .groupBy(t.courses.institutionId)
        .as('vc');
      const learners = db
        .select({ institutionId: t.courses.institutionId, n: countDistinct(t.enrollments.userId).as('learners') })
        .from(t.enrollments)
        .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
        .groupBy(t.courses.institutionId)
        .as('lc');
      const rows = await db
        .select({ institution: t.institutions, courses: visibleCourses.n, students: learners.n })
        .from(t.institutions)
        .leftJoin(visibleCourses, eq(visibleCourses.institutionId, t.institutions.id))
        .leftJoin(learners, eq(learners.institutionId, t.institutions.id))
        .where(where)
        .orderBy(asc(t.institutions.fullName))
        .limit(filters.pageSize)
        .offset((filters.page - 1) * filters.pageSize);
      const [total] = await db.select({ n: count() }).from(t.institutions).where(where);
      return { rows, total: total?.n ?? rows.length };
    },
  };
}
