import type { Hono } from 'hono';
import * as course from '@rivet/shared/api/course';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import type { CourseService } from './course.service';
import { COURSE_MESSAGES } from './course.service';

const positiveInt = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function registerCourseRoutes(app: Hono<AppEnv>, service: CourseService): void {
  bind(app, course.searchCourses, async ({ body, query }) => ({
    data: await service.search(
      {
        text: body.parameter,
        categoryIds: body.courseCategoryIds,
        institutionIds: body.institutionIds,
        levels: body.courseLevels,
        languageIds: body.languageIds,
      },
      query.Page,
      query.PageSize,
    ),
  }));

  bind(app, course.summaryByCategory, async () => ({ data: await service.categorySummary() }));

  bind(app, course.getCourseById, async ({ params }) => {
    const id = positiveInt(params.id);
    if (!id) throw notFound(COURSE_MESSAGES.notFound);
    return { data: await service.detail(id) };
  });

  bind(app, course.institutionCourses, async ({ params, query }) => {
    const institutionId = positiveInt(params.institutionId);
    if (!institutionId) throw notFound('Partner not found');
    return { data: await service.institutionCourses(institutionId, query.exclude, query.Page, query.PageSize) };
  });

  bind(app, course.checkEnrollment, async ({ params, caller }) => ({
    data: await service.checkEnrollment(caller, params.userId ?? '', Number(params.courseId)),
  }));

  bind(app, course.enrollInCourse, async ({ body, caller }) => {
    const { enrolled, description } = await service.enroll(caller, body.userId, body.courseId);
    return { data: { enrolled }, description };
  });
}
