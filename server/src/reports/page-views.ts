// Page views (spec 002 §2.14; docs/decisions/092): the apps' beacons add one to a count per Lagos
// day, app and route pattern; platform report staff read the counts over a date range. Nothing
// about the visitor is kept: no cookie is set or read, no user id, and the address only keys a
// rate-limit counter (hashed, gone within a minute) and is never logged.
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { and, desc, asc, eq, gte, ilike, lte, sql, sum, count, type SQL } from 'drizzle-orm';
import { PAGE_VIEWS_FILE, pageViewsReport, recordPageView, type PageViewRow } from '@rivet/shared/api/page-views';
import type { PageViewApp } from '@rivet/shared/domain/page-views';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { containing } from '../db/shared-queries';
import { bind } from '../http/bind';
import type { Clock } from '../http/clock';
import type { AppEnv } from '../http/context';
import type { RateLimiter } from '../http/rate-limit';
import { answerReport } from './report-runner';
import { lagosDay } from './reports.repository';

/** Beacons one address may send a minute: a busy phone sends a few; a school behind one address, more. */
export const PAGE_VIEWS_PER_MINUTE = 600;

interface PageViewTotal {
  app: PageViewApp;
  route: string;
  views: number;
  days: number;
}

export function createPageViewsRepository(db: Database) {
  return {
    async add(day: string, app: PageViewApp, route: string) {
      await db
        .insert(t.pageViewDays)
        .values({ day, app, route, views: 1 })
        .onConflictDoUpdate({ target: [t.pageViewDays.day, t.pageViewDays.app, t.pageViewDays.route], set: { views: sql`${t.pageViewDays.views} + 1` } });
    },
    /** Totals per app and route for the filter, most viewed first (a few hundred rows at most: one per route pattern). */
    async totals(filter: { from?: string; to?: string; app: PageViewApp | 'all'; search: string }): Promise<PageViewTotal[]> {
      const where: SQL[] = [];
      if (filter.from) where.push(gte(t.pageViewDays.day, filter.from));
      if (filter.to) where.push(lte(t.pageViewDays.day, filter.to));
      if (filter.app !== 'all') where.push(eq(t.pageViewDays.app, filter.app));
      if (filter.search) where.push(ilike(t.pageViewDays.route, containing(filter.search)));
      const views = sum(t.pageViewDays.views).mapWith(Number);
      const rows = await db
        .select({ app: t.pageViewDays.app, route: t.pageViewDays.route, views, days: count().mapWith(Number) })
        .from(t.pageViewDays)
        .where(and(...where))
        .groupBy(t.pageViewDays.app, t.pageViewDays.route)
        .orderBy(desc(views), asc(t.pageViewDays.app), asc(t.pageViewDays.route));
      return rows.map((r) => ({ ...r, app: r.app as PageViewApp }));
    },
  };
}

export type PageViewsRepository = ReturnType<typeof createPageViewsRepository>;

export function registerPageViewRoutes(app: Hono<AppEnv>, deps: { repo: PageViewsRepository; clock: Clock; limiter: RateLimiter }): void {
  bind(app, recordPageView, async ({ body, c }) => {
    // The limiter's key is a hash of the address, so not even its short-lived counter holds it.
    await deps.limiter.hit(createHash('sha256').update(`rivet-page-view:${c.get('ip')}`).digest('base64url').slice(0, 22));
    await deps.repo.add(lagosDay(deps.clock.now()), body.app, body.route);
    return { data: null };
  });

  bind(app, pageViewsReport, async ({ query }) => {
    const totals = await deps.repo.totals({ from: query.StartDate, to: query.EndDate, app: query.App, search: query.Search.trim() });
    const answer = await answerReport<PageViewTotal & { index: number }, PageViewRow, number>(
      {
        fileName: PAGE_VIEWS_FILE,
        sheetName: 'Page Views',
        columns: [
          { header: 'S/NO', width: 8 },
          { header: 'PAGE', width: 44 },
          { header: 'APP', width: 10 },
          { header: 'VIEWS', kind: 'number', width: 12 },
          { header: 'DAYS VIEWED', kind: 'number', width: 14 },
        ],
        count: async () => totals.length,
        page: async (limit, offset) => totals.slice(offset, offset + limit).map((r, i) => ({ ...r, index: offset + i })),
        batch: async (after, limit) => {
          const start = after === null ? 0 : after + 1;
          return totals.slice(start, start + limit).map((r, i) => ({ ...r, index: start + i }));
        },
        keyOf: (r) => r.index,
        toRow: (r, sno) => ({ sno, id: `${r.app} ${r.route}`, app: r.app, route: r.route, views: r.views, days: r.days }),
        cells: (r) => [r.sno, r.route, r.app === 'learner' ? 'Learner' : 'Admin', r.views, r.days],
      },
      query,
    );
    return answer instanceof Response ? answer : { data: answer };
  });
}
