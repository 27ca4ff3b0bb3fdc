// Page views (spec 002 §2.14 "Analytics page views are recorded"; docs/decisions/092): both apps
// count a view per route change with a beacon, and platform report staff read the counts as a
// report like the others (page of 10, search, date range, Export .xlsx).
import * as v from 'valibot';
import { isKnownPageRoute, PAGE_VIEW_APPS } from '../domain/page-views';
import { defineEndpoint, PUBLIC } from './contract';
import { text } from './fields';
import { REPORT_ACCESS, REPORT_MESSAGES, reportQueryEntries } from './reports';

export const PAGE_VIEW_MESSAGES = {
  app: 'App must be learner or admin',
  route: 'Unknown page',
} as const;

export const PAGE_VIEWS_FILE = 'PageViews.xlsx';

export const recordPageView = defineEndpoint({
  service: 'Report',
  method: 'POST',
  path: 'PageView',
  summary: 'Counts one view of a page (a route pattern of the learner app or the console), for today in Lagos',
  description:
    'Sent by the apps with navigator.sendBeacon on each route change. No cookie, address or user is read or kept: the server adds one to the day’s count for the app and the route pattern (e.g. /course/details/:id/:coursetitle?), and refuses patterns the apps do not have. Limited per address, which is used for the limit only and never stored.',
  access: PUBLIC,
  body: v.pipe(
    v.object({
      app: v.picklist(PAGE_VIEW_APPS, PAGE_VIEW_MESSAGES.app),
      route: text(200),
    }),
    v.forward(
      v.check((b) => isKnownPageRoute(b.app, b.route), PAGE_VIEW_MESSAGES.route),
      ['route'],
    ),
  ),
  data: v.null(),
  errors: [400, 429],
});

export const pageViewRowSchema = v.object({
  sno: v.number(),
  /** app and route, e.g. learner /course/discovery. */
  id: v.string(),
  app: v.picklist(PAGE_VIEW_APPS),
  route: v.string(),
  views: v.number(),
  /** Days in the range with at least one view. */
  days: v.number(),
});
export type PageViewRow = v.InferOutput<typeof pageViewRowSchema>;

export const pageViewsReport = defineEndpoint({
  service: 'Report',
  method: 'GET',
  path: 'Report/GetPageViews',
  summary: 'Page views per page (route pattern) and app over a date range, most viewed first',
  description:
    'Dates bound the Lagos day of the view (both optional); App narrows to learner or admin; Search matches the route pattern. Export=true answers every row as an .xlsx in `file` (base64; items empty); Export=true&Download=true streams the same file as an attachment.',
  access: REPORT_ACCESS.platform,
  query: v.pipe(
    v.object({ ...reportQueryEntries, App: v.optional(v.picklist(['all', ...PAGE_VIEW_APPS], 'App must be all, learner or admin'), 'all') }),
    v.check((q) => !q.StartDate || !q.EndDate || q.StartDate <= q.EndDate, REPORT_MESSAGES.dateOrder),
  ),
  data: v.object({
    items: v.array(pageViewRowSchema),
    totalRows: v.number(),
    file: v.optional(v.string()),
    fileName: v.optional(v.string()),
  }),
  errors: [400, 401, 403],
});
