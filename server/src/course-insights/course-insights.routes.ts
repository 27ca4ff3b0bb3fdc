// Course Insights and Manage Enrolled Student (spec 002 §2.11, §7 report calls; decision 052).
import type { Hono } from 'hono';
import * as api from '@rivet/shared/api/course-insights';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { CourseInsightsService } from './course-insights.service';

const answer = async <T>(result: Promise<T | Response>) => {
  const value = await result;
  return value instanceof Response ? value : { data: value };
};

export function registerCourseInsightsRoutes(app: Hono<AppEnv>, service: CourseInsightsService): void {
  bind(app, api.getCourseInsights, ({ query, caller }) => answer(service.insights(caller, query)));
  bind(app, api.getStudentEnrolled, ({ query, caller }) => answer(service.students(caller, query)));
}
