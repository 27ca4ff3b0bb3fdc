// The admin dashboard (spec 002 §2.3; decision 052): every figure for the caller's scope — an
// institution's staff their institution, platform staff the platform (or one partner they name).
import { ACTIVE_STUDENT_DAYS, ENROLMENT_CHART_MONTHS, UPDATE_HISTORY_LIMIT, type DashboardStats, type InstitutionCourseStatistic, type MonthlyEnrolment, type UpdateHistoryGroup } from '@rivet/shared/api/dashboard';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { scopedInstitutionId } from '../http/access';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { notFound } from '../http/errors';
import { COURSE_UPDATE_SECTIONS, type DashboardRepository } from './dashboard.repository';

export type DashboardService = ReturnType<typeof createDashboardService>;

const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Lagos calendar months ending with this one, oldest first, and the instant the first began. */
export function lagosMonths(now: Date, n: number): { months: { month: string; key: string }[]; from: Date } {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const months = Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - (n - 1 - i), 1));
    return { month: d.toISOString().slice(0, 7), key: MONTHS[d.getUTCMonth()]! };
  });
  const first = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - (n - 1), 1);
  return { months, from: new Date(first - LAGOS_OFFSET_MS) };
}

const lagosDate = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

export function createDashboardService(deps: { repo: DashboardRepository; clock: Clock }) {
  const { repo, clock } = deps;

  return {
    async monthlyEnrolments(caller: Caller, query: { institutionId?: number }): Promise<MonthlyEnrolment[]> {
      const scope = scopedInstitutionId(caller, query.institutionId);
      const { months, from } = lagosMonths(clock.now(), ENROLMENT_CHART_MONTHS);
      const counts = await repo.monthlyEnrolments(scope, from);
      return months.map((m) => ({ ...m, value: counts.get(m.month) ?? 0 }));
    },

    async courseStatistic(caller: Caller, query: { institutionId?: number }): Promise<InstitutionCourseStatistic> {
      const counts = await repo.courseCounts(scopedInstitutionId(caller, query.institutionId), clock.now());
      return { activeCourses: counts.active, pendingCourseApproval: counts.pending };
    },

    async stats(caller: Caller, query: { institutionId?: number }): Promise<DashboardStats> {
      const scope = scopedInstitutionId(caller, query.institutionId);
      const activeSince = new Date(clock.now().getTime() - ACTIVE_STUDENT_DAYS * DAY_MS);
      const [kobo, students] = await Promise.all([repo.earningsKobo(scope), repo.students(scope, activeSince)]);
      return { totalRevenue: kobo / 100, totalStudent: students.total, activeStudent: students.active };
    },

    async updateHistory(caller: Caller, query: { institutionId?: number; courseId?: number }): Promise<UpdateHistoryGroup[]> {
      const scope = scopedInstitutionId(caller, query.institutionId);
      if (query.courseId) {
        const course = await repo.courseInstitution(query.courseId);
        if (!course || (isInstitutionScoped(caller.roleType) && course.institutionId !== caller.institutionId)) throw notFound('Course not found');
      }
      const rows = await repo.updates({ institutionId: scope, courseId: query.courseId ?? null, limit: UPDATE_HISTORY_LIMIT });
      const groups = new Map<string, UpdateHistoryGroup>();
      for (const r of rows) {
        const at = new Date(r.createdAt);
        const date = lagosDate(at);
        const key = `${date}\u0000${r.userName}\u0000${r.courseId}`;
        let group = groups.get(key);
        if (!group) {
          group = { date, userName: r.userName, courseId: r.courseId, courseTitle: r.title, currentUpdates: [] };
          groups.set(key, group);
        }
        group.currentUpdates.push({ description: r.description, time: at.toISOString(), section: COURSE_UPDATE_SECTIONS[`${r.module}/${r.action}`] ?? 5 });
      }
      return [...groups.values()];
    },
  };
}
