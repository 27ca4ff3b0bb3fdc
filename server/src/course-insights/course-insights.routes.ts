// Course Insights and Manage Enrolled Student (spec 002 §2.11, §7 report calls; decision 052).
import type { Hono } from 'hono';
import * as api from '@rivet/shared/api/course-insights';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { CourseInsightsService } from './course-insights.service';

export function registerCourseInsightsRoutes(app: Hono<AppEnv>, service: CourseInsightsService): void {
  bind(app, api.getCourseInsights, async ({ query, caller }) => ({ data: await service.insights(caller, query) }));
  bind(app, api.getStudentEnrolled, async ({ query, caller }) => ({ data: await service.students(caller, query) }));
}
