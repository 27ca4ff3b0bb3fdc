// Course Insights and Manage Enrolled Student (spec 002 §2.11, §3; decision 052). Institution staff
// see their own institution's courses only; another's course answers 404, as if it did not exist.
import { ACTIVE_STUDENT_DAYS } from '@rivet/shared/api/dashboard';
import { COURSE_INSIGHT_MESSAGES as M, type CourseInsightsPage, type StudentEnrolledPage } from '@rivet/shared/api/course-insights';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { scopedInstitutionId } from '../http/access';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { notFound } from '../http/errors';
import type { CourseInsightsRepository, Period } from './course-insights.repository';

export type CourseInsightsService = ReturnType<typeof createCourseInsightsService>;

const DAY_MS = 86_400_000;
const naira = (kobo: string | number | null | undefined) => Number(kobo ?? 0) / 100;
const iso = (at: Date | string) => new Date(at).toISOString();

/** StartDate and EndDate are Lagos calendar days (UTC+1, no daylight saving), both included. */
export function lagosPeriod(start?: string, end?: string): Period {
  return {
    from: start ? new Date(`${start}T00:00:00+01:00`) : null,
    to: end ? new Date(new Date(`${end}T00:00:00+01:00`).getTime() + DAY_MS) : null,
  };
}

interface Paging {
  Search: string;
  StartDate?: string;
  EndDate?: string;
  Page: number;
  PageSize: number;
}

export function createCourseInsightsService(deps: { repo: CourseInsightsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  return {
    async insights(caller: Caller, q: Paging & { InstitutionId?: number }): Promise<CourseInsightsPage> {
      const institutionId = scopedInstitutionId(caller, q.InstitutionId);
      const offset = (q.Page - 1) * q.PageSize;
      const rows = await repo.insights({ institutionId, search: q.Search.trim(), ...lagosPeriod(q.StartDate, q.EndDate), limit: q.PageSize, offset });
      return {
        totalRows: Number(rows[0]?.total ?? 0),
        items: rows.map((r, i) => ({
          sno: offset + i + 1,
          courseId: r.courseId,
          institution: r.institution,
          courseName: r.courseName,
          noOfEnrolledUser: Number(r.enrolled),
          totalRevenue: naira(r.amount),
          totalDiscount: naira(r.discount),
          partnerRevenue: naira(r.platform),
          institutionRevenue: naira(r.partners),
          totalVat: naira(r.vat),
          totalGatewayCharge: naira(r.gateway),
        })),
      };
    },

    async students(caller: Caller, q: Paging & { CourseId: number }): Promise<StudentEnrolledPage> {
      const course = await repo.course(q.CourseId);
      if (!course || (isInstitutionScoped(caller.roleType) && course.institutionId !== caller.institutionId)) throw notFound(M.notFound);
      const offset = (q.Page - 1) * q.PageSize;
      const rows = await repo.students({ courseId: q.CourseId, search: q.Search.trim(), ...lagosPeriod(q.StartDate, q.EndDate), limit: q.PageSize, offset });
      const activeSince = clock.now().getTime() - ACTIVE_STUDENT_DAYS * DAY_MS;
      return {
        course: { courseId: course.courseId, courseName: course.courseName, institution: course.institution },
        totalRows: Number(rows[0]?.total ?? 0),
        items: rows.map((r, i) => ({
          sno: offset + i + 1,
          firstName: r.firstName,
          lastName: r.lastName,
          enrolledDate: iso(r.enrolledAt),
          lastDateVisted: iso(r.lastVisitedAt ?? r.enrolledAt),
          amountPaid: naira(r.amount),
          discountAmount: naira(r.discount),
          courseBasePrice: naira(r.basePrice),
          vat: naira(r.vat),
          gatewayFee: naira(r.gateway),
          studentActive: r.lastVisitedAt !== null && new Date(r.lastVisitedAt).getTime() >= activeSince,
        })),
      };
    },
  };
}
