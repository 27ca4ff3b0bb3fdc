// CourseCategory/* changes on the Course service: Course Configuration (spec 001 §2.9, §7). The
// list is reference.routes.ts's CourseCategory/List, which the console reads too.
import type { Hono } from 'hono';
import { CATEGORY_MESSAGES as M, createCourseCategory, toggleCourseCategory, updateCourseCategory } from '@rivet/shared/api/course-configuration';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { CourseCategoriesService } from './course-categories.service';

export function registerCourseCategoryRoutes(app: Hono<AppEnv>, service: CourseCategoriesService): void {
  bind(app, createCourseCategory, async ({ body, audit }) => ({ data: await service.create(audit, body), description: M.created }));
  bind(app, updateCourseCategory, async ({ query, audit }) => ({
    data: await service.update(audit, query.id, { name: query.name, code: query.code }),
    description: M.updated,
  }));
  bind(app, toggleCourseCategory, async ({ params, audit }) => {
    const category = await service.toggle(audit, Number(params.id));
    return { data: category, description: category.isActive ? M.activated : M.deactivated };
  });
}
