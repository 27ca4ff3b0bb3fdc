// Every report export through the apps' own API client (decision 077): the client checks each
// answer against the endpoint's contract (`endpoint.data`) and shows 'The server sent a response
// this app does not understand' when it does not fit. Course Revenue Insights' export once failed
// that check (its contract required the page's totals; the export's envelope carries only the
// file). The reports are found in the contract itself — every endpoint whose query takes Export —,
// so a report added later is checked too, or this test fails until it is given its fixture.
import { randomUUID } from 'node:crypto';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@rivet/shared/api/contract';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { EXPORT_PAGE_SIZE } from '@rivet/shared/api/reports';
import { createApiClient } from '@rivet/shared/client/api-client';
import * as t from '../db/schema';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { insertLearner, insertPayment, readXlsx } from '../testing/report-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

type Schema = v.GenericSchema & { entries?: Record<string, unknown>; pipe?: readonly unknown[] };
const entriesOf = (schema: unknown): Record<string, unknown> => {
  const s = schema as Schema | undefined;
  return s?.entries ?? (s?.pipe?.[0] as Schema | undefined)?.entries ?? {};
};

/** Every endpoint that exports (its query takes Export). */
const EXPORTING = ALL_ENDPOINTS.filter((e) => 'Export' in entriesOf(e.query));
const nameOf = (e: Endpoint) => `${e.method} ${e.service}/${e.path}`;

describe.each(testDrivers())('every report export fits its contract on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let partnerReporter: Browser;
  /** The query each exporting endpoint needs besides Export (required ids). */
  const needs: Record<string, Record<string, string>> = {};

  /** The admin console's client, talking to the test app. */
  const clientOf = (who: Browser) =>
    createApiClient({
      app: 'admin',
      baseUrl: 'http://localhost',
      getAccessToken: () => who.accessToken,
      onSession: () => undefined,
      onSessionExpired: () => undefined,
      retryDelayMs: 0,
      fetch: async (input) => {
        const request = input as Request;
        const url = new URL(request.url);
        return app.fetch(url.pathname + url.search, { method: request.method, headers: request.headers });
      },
    });

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    const partner = await insertInstitution(db, { name: 'EXPORTCHECK', code: 'EXPORTCHECK' });
    const course = await insertCourse(db, { institutionId: partner.id, title: 'Export Contract Course', isPaid: true });
    const learner = await insertLearner(db, { firstName: 'Export', lastName: 'Checker' });
    await insertPayment(db, { userId: learner.id, email: learner.email, course, amount: 12_345.67, discount: 1_000, at: new Date('2026-10-05T10:00:00Z') });
    await insertPayment(db, { userId: learner.id, email: learner.email, course, status: 2, amount: 12_345.67, at: new Date('2026-10-06T10:00:00Z') });
    const [survey] = await db.insert(t.surveys).values({ title: 'Export Contract Survey' }).returning();
    const [question] = await db.insert(t.surveyQuestions).values({ surveyId: survey!.id, position: 0, question: 'Worth it?', questionType: 2 }).returning();
    const [response] = await db.insert(t.surveyResponses).values({ id: randomUUID(), surveyId: survey!.id, courseId: course.id, userId: learner.id }).returning();
    await db.insert(t.surveyResponseAnswers).values({ responseId: response!.id, questionId: question!.id, answer: 'Yes' });
    needs['GET Report/Report/GetSurveyReport'] = { SurveyId: String(survey!.id) };
    needs['GET Report/Report/GetStudentEnrolled'] = { CourseId: String(course.id) };
    superAdmin = await signedInStaff(app, 'exports.super', 'SUPER ADMIN', null);
    partnerReporter = await signedInStaff(app, 'exports.partner', 'INSTITUTION REPORT', 'EXPORTCHECK');
  }, 60_000);
  afterAll(() => app?.close());

  it('finds the reports in the contract', () => {
    // Audit Trail, Course Payment, Registered Users, Revenue Per Partner, Platform Revenue, Course
    // Revenue Insights, Course Purchase, Survey Report, Course Insights, Manage Enrolled Student.
    expect(EXPORTING.length).toBeGreaterThanOrEqual(10);
  });

  it.each(EXPORTING.map((e) => [nameOf(e), e] as const))('%s: the page and the export pass the client’s check, and the file opens', async (name, endpoint) => {
    const extra = needs[name] ?? {};
    // A report that needs an id (a survey, a course) gets one from `needs`; a new one must be given its own.
    const missing = Object.entries(entriesOf(endpoint.query))
      .filter(([key, schema]) => (schema as { type?: string }).type !== 'optional' && !(key in extra))
      .map(([key]) => key);
    expect(missing, `${name}: add its required query to \`needs\``).toEqual([]);
    const callers: [string, Browser][] = [['super admin', superAdmin]];
    if (endpoint.confine === 'institution' && endpoint.access.kind === 'staff') callers.push(['partner report staff', partnerReporter]);
    for (const [who, browser] of callers) {
      const api = clientOf(browser);
      // Only reports this caller may read: a 403 would be the access matrix's business, not this test's.
      const page = await api.call(endpoint, { query: { ...extra } as never }).catch((error: unknown) => error);
      if (page instanceof Error && 'status' in page && page.status === 403) continue;
      expect(page, `${who}: ${name} page`).not.toBeInstanceOf(Error);
      const answer = (await api.call(endpoint, { query: { ...extra, Page: '1', PageSize: String(EXPORT_PAGE_SIZE), Export: 'true' } as never })) as { file?: string; fileName?: string; totalRows: number; items: unknown[] };
      expect(answer.items, `${who}: ${name}`).toEqual([]);
      expect(answer.fileName).toMatch(/\.xlsx$/);
      const { rows } = readXlsx(answer.file!);
      expect(rows.length, `${who}: ${name} rows`).toBe(answer.totalRows + 1);
    }
  });
});
