// Institution/Search: partners as learners see them (active only) and as staff see them.
import { and, asc, count, countDistinct, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { searchInstitutions, type Institution } from '@rivet/shared/api/institution';
import { STUDENT_ROLE_ID, hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { bind } from '../http/bind';
import type { Clock } from '../http/clock';
import type { AppEnv, Caller } from '../http/context';
import { visibleCourse } from '../course/course.repository';

/**
 * Platform staff who view institutions see inactive partners too. Everyone else, an institution's
 * own staff included, sees active partners only: a partner's staff never see another partner's
 * inactive record (and staff of an inactive institution cannot sign in at all).
 */
const seesInactive = (caller: Caller | null) =>
  caller !== null &&
  caller.roleId !== STUDENT_ROLE_ID &&
  !isInstitutionScoped(caller.roleType) &&
  hasAnyPermission(caller.permissions, 'manageinstitution', 'viewinstitution');

export function registerInstitutionRoutes(app: Hono<AppEnv>, db: Database, clock: Clock): void {
  bind(app, searchInstitutions, async ({ query, caller }) => {
    const now = clock.now();
    const conditions: SQL[] = [eq(t.institutions.isPlatform, false)];
    if (!seesInactive(caller)) conditions.push(eq(t.institutions.isActive, true));
    else if (query.IsActive !== undefined) conditions.push(eq(t.institutions.isActive, query.IsActive));
    if (query.Id) conditions.push(eq(t.institutions.id, query.Id));
    if (query.Search) {
      const like = `%${query.Search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
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
      .limit(query.PageSize || 1000)
      .offset(((query.Page || 1) - 1) * (query.PageSize || 1000));
    const [total] = await db.select({ n: count() }).from(t.institutions).where(where);
    const items: Institution[] = rows.map(({ institution: i, courses, students }) => ({
      id: i.id,
      name: i.name,
      fullName: i.fullName,
      code: i.code,
      isActive: i.isActive,
      email: i.email,
      website: i.website,
      address: i.address,
      overView: i.overview,
      logoUrl: i.logoUrl,
      bannerUrl: i.bannerUrl,
      thumbnailUrl: i.thumbnailUrl,
      students: Number(students ?? 0),
      courses: Number(courses ?? 0),
    }));
    return { data: { items, totalRows: total?.n ?? items.length } };
  });
}
