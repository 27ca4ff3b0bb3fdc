// Approve course endpoints (spec 001 §7 Workflow CourseApproval/*, Course/AwaitingCourseApproval,
// Course/InstitutionApprovedCourses, Course/InstitutionRejectedCourses; decision 043).
import type { Hono } from 'hono';
import * as approval from '@rivet/shared/api/course-approval';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ReviewService } from './review.service';

const M = approval.APPROVAL_MESSAGES;

export function registerReviewRoutes(app: Hono<AppEnv>, service: ReviewService): void {
  const listQuery = (q: { courseTitle: string; page: number; pageSize: number; courseCategoryId?: number; institutionId?: number; StartDate?: string; EndDate?: string }) => ({
    title: q.courseTitle,
    page: q.page,
    pageSize: q.pageSize,
    courseCategoryId: q.courseCategoryId ?? null,
    institutionId: q.institutionId ?? null,
    startDate: q.StartDate ?? null,
    endDate: q.EndDate ?? null,
  });

  bind(app, approval.awaitingCourseApproval, async ({ query, caller }) => ({ data: await service.awaiting(caller, listQuery(query), query.approvalstatus) }));
  bind(app, approval.institutionApprovedCourses, async ({ query, caller }) => ({ data: await service.approved(caller, listQuery(query)) }));
  bind(app, approval.institutionRejectedCourses, async ({ query, caller }) => ({ data: await service.rejected(caller, listQuery(query)) }));

  bind(app, approval.pendingSearch, async ({ body, caller, audit }) => {
    audit.waive('a search reads only');
    return {
    data: await service.awaiting(
      caller,
      { title: body.search, courseCategoryId: body.courseCategoryId, institutionId: body.institutionId, startDate: body.startDate || null, endDate: body.endDate || null, page: 1, pageSize: approval.APPROVAL_PAGE_SIZE },
      body.status,
    ),
    };
  });

  bind(app, approval.courseApproval, async ({ body, caller, audit }) => {
    const data = await service.partnerDecision(caller, audit, body);
    return { data, description: body.status === 3 ? M.rejected : M.approved };
  });

  bind(app, approval.qaCourseApproval, async ({ body, caller, audit }) => {
    const data = await service.qaDecision(caller, audit, body);
    return { data, description: body.approvalStatus === 3 ? M.rejected : M.approved };
  });

  bind(app, approval.qaRevenueOptions, async ({ query }) => ({ data: await service.revenueOptions(query.courseId) }));
  bind(app, approval.qaRevenueRepicks, async () => ({ data: await service.repicks() }));
  bind(app, approval.qaRevenueRepick, async ({ body, caller, audit }) => ({ data: await service.repick(caller, audit, body), description: M.repicked }));
}
