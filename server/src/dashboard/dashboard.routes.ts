// The admin dashboard's calls (spec 002 §2.3, §7; decision 052).
import type { Hono } from 'hono';
import * as api from '@rivet/shared/api/dashboard';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { DashboardService } from './dashboard.service';

export function registerDashboardRoutes(app: Hono<AppEnv>, service: DashboardService): void {
  bind(app, api.monthlyEnrollmentStatistics, async ({ query, caller }) => ({ data: await service.monthlyEnrolments(caller, query) }));
  bind(app, api.institutionCourseStatistic, async ({ query, caller }) => ({ data: await service.courseStatistic(caller, query) }));
  bind(app, api.dashboardStats, async ({ query, caller }) => ({ data: await service.stats(caller, query) }));
  bind(app, api.courseUpdateHistory, async ({ query, caller }) => ({ data: await service.updateHistory(caller, query) }));
}
