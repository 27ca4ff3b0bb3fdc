// Course Insights and Manage Enrolled Student (spec 002 §2.11, §3; decisions 052, 060). Institution
// staff see their own institution's courses only; another's course answers 404, as if it did not
// exist. Both answer through answerReport, so Export gives the screen's columns as an .xlsx.
import { ACTIVE_STUDENT_DAYS } from '@rivet/shared/api/dashboard';
import { COURSE_INSIGHT_MESSAGES as M, type CourseInsightRow, type CourseInsightsPage, type EnrolledStudentRow, type StudentEnrolledPage } from '@rivet/shared/api/course-insights';
import { formatReportDate, REPORT_FILES } from '@rivet/shared/api/reports';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { scopedInstitutionId } from '../http/access';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { notFound } from '../http/errors';
import { answerReport, naira, type ReportPaging } from '../reports/report-runner';
import type { CourseInsightsRepository, InsightKey, InsightRow, Period, StudentKey, StudentRow } from './course-insights.repository';

export type CourseInsightsService = ReturnType<typeof createCourseInsightsService>;

const DAY_MS = 86_400_000;
const iso = (at: Date | string) => new Date(at).toISOString();

/** StartDate and EndDate are Lagos calendar days (UTC+1, no daylight saving), both included. */
export function lagosPeriod(start?: string, end?: string): Period {
  return {
    from: start ? new Date(`${start}T00:00:00+01:00`) : null,
    to: end ? new Date(new Date(`${end}T00:00:00+01:00`).getTime() + DAY_MS) : null,
  };
}

interface Paging extends ReportPaging {
  Search: string;
  StartDate?: string;
  EndDate?: string;
}

const money = (header: string, width = 16) => ({ header: `${header} (₦)`, kind: 'money', width }) as const;

export function createCourseInsightsService(deps: { repo: CourseInsightsRepository; clock: Clock }) {
  const { repo, clock } = deps;

  return {
    /** The screen's rows, or with Export every row for the filter as CourseInsight.xlsx (decision 060). */
    insights(caller: Caller, q: Paging & { InstitutionId?: number }): Promise<CourseInsightsPage | Response> {
      const filter = { institutionId: scopedInstitutionId(caller, q.InstitutionId), search: q.Search.trim(), ...lagosPeriod(q.StartDate, q.EndDate) };
      return answerReport<InsightRow, CourseInsightRow, InsightKey>(
        {
          fileName: REPORT_FILES.courseInsight,
          sheetName: 'Course Insights',
          // The report screen's columns, in its order (§2.11).
          columns: [
            { header: 'S/NO', width: 8 },
            { header: 'PARTNER', width: 18 },
            { header: 'COURSE NAME', width: 40 },
            { header: 'ENROLLED USERS', kind: 'number', width: 16 },
            money('TOTAL REVENUE', 18),
            money('DISCOUNT'),
            money('PLATFORM REV.', 18),
            money('PARTNER REV.', 18),
            money('VAT', 14),
            money('GATEWAY FEE'),
          ],
          count: () => repo.insightCount(filter),
          page: (limit, offset) => repo.insights(filter, { limit, offset }),
          batch: (after, limit) => repo.insights(filter, { limit, after }),
          keyOf: (r) => ({ title: r.title, id: r.courseId }),
          toRow: (r, sno) => ({
            sno,
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
          }),
          cells: (r) => [r.sno, r.institution, r.courseName, r.noOfEnrolledUser, r.totalRevenue, r.totalDiscount, r.partnerRevenue, r.institutionRevenue, r.totalVat, r.totalGatewayCharge],
        },
        q,
      );
    },

    /** One course's learners, or with Export all of them as ManageEnrolledStudent.xlsx (decision 060). */
    async students(caller: Caller, q: Paging & { CourseId: number }): Promise<StudentEnrolledPage | Response> {
      const course = await repo.course(q.CourseId);
      if (!course || (isInstitutionScoped(caller.roleType) && course.institutionId !== caller.institutionId)) throw notFound(M.notFound);
      const filter = { courseId: q.CourseId, search: q.Search.trim(), ...lagosPeriod(q.StartDate, q.EndDate) };
      const activeSince = clock.now().getTime() - ACTIVE_STUDENT_DAYS * DAY_MS;
      const answer = await answerReport<StudentRow, EnrolledStudentRow, StudentKey>(
        {
          fileName: REPORT_FILES.manageEnrolledStudent,
          sheetName: 'Enrolled Students',
          // §2.11's columns, in order; STATUS the right way round (decision 052).
          columns: [
            { header: 'FIRSTNAME', width: 18 },
            { header: 'LASTNAME', width: 18 },
            { header: 'ENROLLED DATE', width: 20 },
            { header: 'LAST VISITED', width: 20 },
            money('AMOUNT PAID'),
            money('DISCOUNT'),
            money('COURSE BASE PRICE', 20),
            money('VAT', 14),
            money('GATEWAY FEE'),
            { header: 'STATUS', width: 10 },
          ],
          count: () => repo.studentCount(filter),
          page: (limit, offset) => repo.students(filter, { limit, offset }),
          batch: (after, limit) => repo.students(filter, { limit, after }),
          keyOf: (r) => ({ at: r.at, id: r.enrollmentId }),
          toRow: (r, sno) => ({
            sno,
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
          }),
          cells: (r) => [
            r.firstName,
            r.lastName,
            formatReportDate(r.enrolledDate),
            formatReportDate(r.lastDateVisted),
            r.amountPaid,
            r.discountAmount,
            r.courseBasePrice,
            r.vat,
            r.gatewayFee,
            r.studentActive ? 'Active' : 'Inactive',
          ],
        },
        q,
      );
      // An export (the envelope is streamed, decision 061) carries the file only, not the course.
      if (answer instanceof Response) return answer;
      return { course: { courseId: course.courseId, courseName: course.courseName, institution: course.institution }, ...answer };
    },
  };
}
