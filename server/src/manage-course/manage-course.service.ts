// Manage Courses (spec 002 §2.9, §3, §4; decision 045): the lists, the admin course detail, its
// statistics and the Activate/Deactivate toggle. Institution staff reach only their own partner's
// courses; another partner's course answers 404, as if it did not exist.
import { MANAGE_COURSE_MESSAGES as M, type CourseListItem, type CourseStatistics, type ManageCourseCard, type ManageCourseDetail, type ManageCoursesPage, type RevisionState } from '@rivet/shared/api/manage-course';
import { revisionAwaitsReview, stageOf } from '@rivet/shared/domain/course-lifecycle';
import { courseLevelName } from '@rivet/shared/domain/people';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import { scopedInstitutionId } from '../http/access';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { notFound } from '../http/errors';
import type { ManageCourseRepository } from './manage-course.repository';

export type ManageCourseService = ReturnType<typeof createManageCourseService>;

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;
/** Decision 045: the windows of monthlyView / activeStudent and of weeklyView, in Lagos days. */
export const MONTH_DAYS = 30;
export const WEEK_DAYS = 7;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The Lagos calendar days ending today, oldest first, and the instant the first began. */
export function lagosDays(now: Date, n: number): { days: { date: string; key: string }[]; from: Date } {
  const todayStart = Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS;
  const days = Array.from({ length: n }, (_, i) => {
    const d = new Date(todayStart - (n - 1 - i) * DAY_MS);
    return { date: d.toISOString().slice(0, 10), key: WEEKDAYS[d.getUTCDay()]! };
  });
  return { days, from: new Date(todayStart - (n - 1) * DAY_MS - LAGOS_OFFSET_MS) };
}

type Row = NonNullable<Awaited<ReturnType<ManageCourseRepository['card']>>>;

function toCard(r: Row): ManageCourseCard {
  return {
    courseId: r.courseId,
    title: r.title,
    description: r.description,
    modules: r.modules,
    duration: r.duration,
    courseLevel: r.courseLevel,
    courseLevelName: r.courseLevel === null ? '' : courseLevelName(r.courseLevel),
    isPaid: r.isPaid,
    coursePrice: r.priceKobo / 100,
    courseThumbNailUrl: r.thumbnailUrl,
    institutionId: r.institutionId,
    institution: r.institution,
    draft: r.draft,
    approvalStatus: r.approvalStatus,
    isActive: r.isActive,
    publishDate: r.publishDate?.toISOString() ?? null,
    revision: r.revisionId === null ? null : { courseId: r.revisionId, status: revisionState(r) },
  };
}

/** The lifecycle decides what waits for review (the same rule that refuses a second update). */
function revisionState(r: Row): RevisionState {
  const stage = stageOf({ draft: r.revisionDraft ?? true, approvalStatus: r.revisionApprovalStatus ?? 1, reviewLevel: r.revisionReviewLevel ?? 0, reviewApprovedBy: [] });
  if (revisionAwaitsReview(stage)) return 'awaitingApproval';
  return stage.stage === 'rejected' ? 'rejected' : 'draft';
}

export function createManageCourseService(deps: { repo: ManageCourseRepository; clock: Clock }) {
  const { repo, clock } = deps;

  /** The course's partner, or 404 when there is none or the caller may not see it. */
  async function ownedBy(caller: Caller, courseId: number): Promise<number> {
    const course = await repo.owner(courseId);
    if (!course || (isInstitutionScoped(caller.roleType) && course.institutionId !== caller.institutionId)) throw notFound(M.notFound);
    return course.institutionId;
  }

  return {
    async list(caller: Caller, query: { draft: boolean; programs: boolean; search: string; institutionId?: number; page: number; pageSize: number }): Promise<ManageCoursesPage> {
      const institutionId = scopedInstitutionId(caller, query.institutionId);
      const { rows, total } = await repo.list({ institutionId, draft: query.draft, programs: query.programs, search: query.search.trim(), page: query.page, pageSize: query.pageSize });
      return { items: rows.map(toCard), totalRows: total, page: query.page, pageSize: query.pageSize };
    },

    async titles(caller: Caller, query: { institutionId?: number; isActive?: boolean; usePaging?: boolean; page: number; pageSize: number }): Promise<{ items: CourseListItem[]; totalRows: number }> {
      const institutionId = scopedInstitutionId(caller, query.institutionId);
      const { rows, total } = await repo.titles({ institutionId, isActive: query.isActive, page: query.page, pageSize: query.usePaging ? query.pageSize : null });
      return { items: rows, totalRows: total };
    },

    async detail(caller: Caller, courseId: number): Promise<ManageCourseDetail> {
      await ownedBy(caller, courseId);
      const row = (await repo.card(courseId))!;
      return { ...toCard(row), courseCategoryName: row.courseCategoryName };
    },

    async statistics(caller: Caller, courseId: number): Promise<CourseStatistics> {
      await ownedBy(caller, courseId);
      const now = clock.now();
      const month = lagosDays(now, MONTH_DAYS);
      const week = lagosDays(now, WEEK_DAYS);
      const scoped = isInstitutionScoped(caller.roleType);
      const [byDay, activeStudent, totalStudent, revenueKobo] = await Promise.all([
        repo.viewsByDay(courseId, month.from, now),
        repo.activeStudents(courseId, month.from, now),
        repo.totalStudents(courseId),
        scoped && caller.institutionId !== null ? repo.partnerShareKobo(courseId, caller.institutionId) : repo.amountPaidKobo(courseId),
      ]);
      const weeklyViewStat = week.days.map((d) => ({ key: d.key, value: byDay.get(d.date) ?? 0, date: d.date }));
      return {
        totalRevenue: revenueKobo / 100,
        totalStudent,
        activeStudent,
        monthlyView: month.days.reduce((n, d) => n + (byDay.get(d.date) ?? 0), 0),
        weeklyView: weeklyViewStat.reduce((n, d) => n + d.value, 0),
        weeklyViewStat,
      };
    },

    async toggle(caller: Caller, audit: Audit, courseId: number): Promise<{ courseId: number; isActive: boolean }> {
      const scope = isInstitutionScoped(caller.roleType) ? caller.institutionId : null;
      const result = await repo.toggle(courseId, scope, (isActive) => audit.row(courseId, `${isActive ? 'Activated' : 'Deactivated'} course ${courseId}`));
      if (!result) throw notFound(M.notFound);
      return { courseId, isActive: result.isActive };
    },
  };
}
