// Page views through HTTP (spec 002 §2.14; docs/decisions/092): the beacon counts a known route
// pattern per Lagos day and app, refuses anything else, keeps nothing about the visitor, and the
// report sums the counts over a date range and exports them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_VIEW_MESSAGES, PAGE_VIEWS_FILE } from '@rivet/shared/api/page-views';
import * as t from '../db/schema';
import { readXlsx } from '../testing/report-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { PAGE_VIEWS_PER_MINUTE } from './page-views';

const BEACON = '/api/Report/PageView';
const REPORT = '/api/Report/Report/GetPageViews';
const DAY_MS = 86_400_000;

describe.each(testDrivers())('page views on %s', (driver) => {
  let app: TestApp;
  let visitor: Browser;
  let platform: Browser;
  let partnerReporter: Browser;

  const view = (app_: string, route: string, who = visitor) => who.call(BEACON, { json: { app: app_, route } });
  const report = (who: Browser, query: Record<string, string> = {}) => who.call(`${REPORT}?${new URLSearchParams(query)}`);
  const lagosToday = () => new Date(app.clock.now().getTime() + 3_600_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await createTestApp(driver);
    visitor = new Browser(app, '10.9.8.7');
    platform = await signedInStaff(app, 'views.rivet', 'RIVET REPORT', null);
  }, 60_000);
  afterAll(() => app?.close());

  it('counts a known route pattern per Lagos day and app, keeping no cookie, address or user', async () => {
    const day1 = lagosToday();
    for (let i = 0; i < 3; i++) expect((await view('learner', '/course/details/:id/:coursetitle?')).status).toBe(200);
    const res = await view('learner', '/course/discovery');
    expect(res.headers.getSetCookie()).toEqual([]);
    await view('admin', '/dashboard');
    // A signed-in caller counts the same, and nothing of theirs is kept.
    await view('learner', '/course/discovery', platform);
    app.clock.advance(DAY_MS);
    const day2 = lagosToday();
    await view('learner', '/course/discovery');

    const rows = await app.database.db.select().from(t.pageViewDays);
    expect(rows.map((r) => ({ ...r })).sort((a, b) => `${a.day}${a.app}${a.route}`.localeCompare(`${b.day}${b.app}${b.route}`))).toEqual([
      { day: day1, app: 'admin', route: '/dashboard', views: 1 },
      { day: day1, app: 'learner', route: '/course/details/:id/:coursetitle?', views: 3 },
      { day: day1, app: 'learner', route: '/course/discovery', views: 2 },
      { day: day2, app: 'learner', route: '/course/discovery', views: 1 },
    ]);
    // The table has no column for anything else; the address and user are nowhere in it.
    expect(JSON.stringify(rows)).not.toMatch(/10\.9\.8\.7|views\.rivet/);
  });

  it('refuses an address as typed, an unknown pattern or app, and a pattern of the other app', async () => {
    for (const [app_, route] of [
      ['learner', '/course/details/12/data-science'],
      ['learner', '/certificate/verify/ABC-123'],
      ['learner', '/wp-admin'],
      ['admin', '/course/discovery'],
    ]) {
      const res = await view(app_!, route!);
      expect(res.status, route).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'route', message: PAGE_VIEW_MESSAGES.route }]);
    }
    const badApp = await view('partner', '/');
    expect(badApp.status).toBe(400);
    expect(badApp.body.errors?.[0]).toEqual({ field: 'app', message: PAGE_VIEW_MESSAGES.app });
    const rows = await app.database.db.select().from(t.pageViewDays);
    expect(rows.some((r) => r.route.includes('12') || r.route === '/wp-admin' || r.app === 'partner')).toBe(false);
  });

  it('limits the beacons of one address a minute, others unaffected', async () => {
    const flooder = new Browser(app, '10.66.66.66');
    let refused = 0;
    for (let i = 0; i < PAGE_VIEWS_PER_MINUTE + 5; i++) if ((await view('learner', '/terms', flooder)).status === 429) refused++;
    expect(refused).toBe(5);
    expect((await view('learner', '/terms', new Browser(app, '10.66.66.67'))).status).toBe(200);
  }, 120_000);

  it('reports totals per page over the range, most viewed first, for platform report staff only', async () => {
    // Signed in after the clock moved on a day (the first test's sessions have expired).
    platform = await signedInStaff(app, 'views.reader', 'RIVET REPORT', null);
    partnerReporter = await signedInStaff(app, 'views.unilag', 'INSTITUTION REPORT', 'UNILAG');
    const today = lagosToday();
    const yesterday = new Date(app.clock.now().getTime() + 3_600_000 - DAY_MS).toISOString().slice(0, 10);
    const all = await report(platform, { Search: 'course/d' });
    expect(all.status).toBe(200);
    expect(all.body.data.items).toEqual([
      { sno: 1, id: 'learner /course/details/:id/:coursetitle?', app: 'learner', route: '/course/details/:id/:coursetitle?', views: 3, days: 1 },
      { sno: 2, id: 'learner /course/discovery', app: 'learner', route: '/course/discovery', views: 3, days: 2 },
    ]);
    const onlyToday = await report(platform, { Search: 'course/d', StartDate: today, EndDate: today });
    expect(onlyToday.body.data.items).toMatchObject([{ route: '/course/discovery', views: 1, days: 1 }]);
    const onlyYesterday = await report(platform, { StartDate: yesterday, EndDate: yesterday, App: 'admin' });
    expect(onlyYesterday.body.data).toMatchObject({ totalRows: 1, items: [{ app: 'admin', route: '/dashboard', views: 1 }] });
    expect((await report(platform, { StartDate: today, EndDate: yesterday })).status).toBe(400);
    expect((await report(partnerReporter)).status).toBe(403);
    expect((await report(visitor)).status).toBe(401);
  });

  it('exports every row for the filter as PageViews.xlsx', async () => {
    const res = await report(platform, { Search: 'course/d', Export: 'true', PageSize: '1000000' });
    expect(res.status).toBe(200);
    expect(res.body.data.fileName).toBe(PAGE_VIEWS_FILE);
    const { rows } = readXlsx(res.body.data.file);
    expect(rows).toEqual([
      ['S/NO', 'PAGE', 'APP', 'VIEWS', 'DAYS VIEWED'],
      [1, '/course/details/:id/:coursetitle?', 'Learner', 3, 1],
      [2, '/course/discovery', 'Learner', 3, 2],
    ]);
  });
});
