// Report/* on the Report service (spec 002 §2.11, §7 "Reports"): report pages and their exports.
import type { Hono } from 'hono';
import {
  auditTrailReport,
  courseInsightsOverviewReport,
  coursePaymentReport,
  coursePurchaseReport,
  registeredUsersReport,
  revenuePerInstitutionReport,
  revenuePerPartnerReport,
  surveyReport,
  surveyReportList,
} from '@rivet/shared/api/reports';
import { bind } from '../http/bind';
import type { AppEnv } from '../http/context';
import type { ReportsService } from './reports.service';

const answer = async <T>(result: Promise<T | Response>) => {
  const value = await result;
  return value instanceof Response ? value : { data: value };
};

export function registerReportRoutes(app: Hono<AppEnv>, service: ReportsService): void {
  bind(app, auditTrailReport, ({ query, caller }) => answer(service.auditTrail(caller, query)));
  bind(app, coursePaymentReport, ({ query, caller }) => answer(service.coursePayment(caller, query)));
  bind(app, coursePurchaseReport, ({ query, caller }) => answer(service.coursePurchase(caller, query)));
  bind(app, registeredUsersReport, ({ query }) => answer(service.registeredUsers(query)));
  bind(app, revenuePerPartnerReport, ({ query }) => answer(service.revenuePerPartner(query)));
  bind(app, revenuePerInstitutionReport, ({ query }) => answer(service.revenuePerInstitution(query)));
  bind(app, surveyReport, ({ query, caller }) => answer(service.surveyReport(caller, query)));
  bind(app, surveyReportList, async ({ query, caller }) => ({ data: await service.surveyList(caller, query) }));
  bind(app, courseInsightsOverviewReport, ({ query, caller }) => answer(service.courseInsightsOverview(caller, query)));
}
