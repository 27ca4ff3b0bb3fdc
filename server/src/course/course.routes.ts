import type { Hono } from 'hono';
import * as course from '@rivet/shared/api/course';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import { createEncodedCache, encodeEnvelope, sendEncoded } from '../http/encoded-cache';
import type { CourseService } from './course.service';
import { COURSE_MESSAGES } from './course.service';

const positiveInt = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function registerCourseRoutes(app: Hono<AppEnv>, service: CourseService, options: { searchCacheMs: number }): void {
  // Search is the busiest public call: identical searches share one encoded answer for a while.
  const searches = createEncodedCache(options.searchCacheMs);
  const maxAge = Math.floor(options.searchCacheMs / 1000);
  bind(app, course.searchCourses, async ({ body, query, c }) => {
    const filters = {
      text: body.parameter.toLowerCase(),
      categoryIds: [...body.courseCategoryIds].sort((a, b) => a - b),
      institutionIds: [...body.institutionIds].sort((a, b) => a - b),
      levels: [...body.courseLevels].sort((a, b) => a - b),
      languageIds: [...body.languageIds].sort((a, b) => a - b),
    };
    const encoded = await searches.getOrCompute(JSON.stringify([filters, query.Page, query.PageSize]), async () =>
      encodeEnvelope(await service.search(filters, query.Page, query.PageSize)),
    );
    return sendEncoded(c, encoded, maxAge);
  });

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
    const { enrolled, description } = await service.enroll(caller, body.userId, body.courseId, body.discountCode);
    return { data: { enrolled }, description };
  });
}
