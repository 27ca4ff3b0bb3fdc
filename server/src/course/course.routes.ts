import type { Hono } from 'hono';
import * as course from '@rivet/shared/api/course';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import { createEncodedCache, encodeEnvelope, sendEncoded } from '../http/encoded-cache';
import type { RateLimiter } from '../http/rate-limit';
import type { CacheBus } from '../http/cache-bus';
import { createWorkGate } from '../http/work-gate';
import type { CourseService } from './course.service';
import { COURSE_MESSAGES } from './course.service';

const positiveInt = (raw: string | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const SEARCH_BUSY = 'Search is busy right now. Please try again in a moment.';

export interface SearchProtection {
  /** Uncached searches per signed-in learner, or per address for anonymous callers. */
  limiter: RateLimiter;
  /** Uncached searches computed at once, and waiting, in this process. */
  concurrency: number;
  queue: number;
}

export function registerCourseRoutes(app: Hono<AppEnv>, service: CourseService, options: { searchCacheMs: number; protection: SearchProtection; caches?: CacheBus }): void {
  // Search is the busiest public call: identical searches share one encoded answer for a while.
  // Only a search that must be computed costs anything, so only those are counted and queued
  // (docs/decisions/020): a learner repeating a popular search is never limited.
  const searches = createEncodedCache(options.searchCacheMs);
  options.caches?.register('catalogue', () => searches.clear());
  const maxAge = Math.floor(options.searchCacheMs / 1000);
  const { limiter, ...gateSize } = options.protection;
  const gate = createWorkGate({ ...gateSize, busyMessage: SEARCH_BUSY });
  bind(app, course.searchCourses, async ({ body, query, caller, c }) => {
    const filters = {
      text: body.parameter.toLowerCase(),
      categoryIds: [...body.courseCategoryIds].sort((a, b) => a - b),
      institutionIds: [...body.institutionIds].sort((a, b) => a - b),
      levels: [...body.courseLevels].sort((a, b) => a - b),
      languageIds: [...body.languageIds].sort((a, b) => a - b),
    };
    const key = JSON.stringify([filters, query.Page, query.PageSize]);
    if (!searches.has(key)) await limiter.hit(caller ? `user:${caller.userId}` : `ip:${c.get('ip')}`);
    const encoded = await searches.getOrCompute(key, () =>
      gate.run(async () => encodeEnvelope(await service.search(filters, query.Page, query.PageSize))),
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
