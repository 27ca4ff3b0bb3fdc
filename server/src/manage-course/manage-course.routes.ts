// Manage Courses endpoints (spec 002 §2.9, §7 Course/api/Course/Statistics and Toggle; decision 045)
// and spec 001 §7's Course/List, the pickers' list of a partner's courses (decision 088).
import type { Hono } from 'hono';
import * as api from '@rivet/shared/api/manage-course';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ManageCourseService } from './manage-course.service';

export function registerManageCourseRoutes(app: Hono<AppEnv>, service: ManageCourseService): void {
  bind(app, api.manageCourses, async ({ query, caller }) => ({ data: await service.list(caller, query) }));
  bind(app, api.listCourses, async ({ query, caller }) => ({ data: await service.titles(caller, query) }));
  bind(app, api.manageCourseDetail, async ({ params, caller }) => ({ data: await service.detail(caller, Number(params.courseId)) }));
  bind(app, api.courseStatistics, async ({ params, caller }) => ({ data: await service.statistics(caller, Number(params.courseId)) }));
  bind(app, api.toggleCourse, async ({ params, caller, audit }) => {
    const data = await service.toggle(caller, audit, Number(params.courseId));
    return { data, description: data.isActive ? api.MANAGE_COURSE_MESSAGES.activated : api.MANAGE_COURSE_MESSAGES.deactivated };
  });
}
