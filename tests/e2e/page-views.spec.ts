// Page views (spec 002 §2.14 "Analytics page views are recorded"; decision 092): a visitor opens
// learner pages, by address and by the app's own links; a platform report member sees the counts
// go up by exactly those views in Reports → Page Views, as route patterns, and exports them.
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { expect, test, type Page } from '@playwright/test';
import { E2E_STAFF } from './staff-accounts';
import { signInStaff, snapDesktop } from './staff-helpers';

async function viewsOf(page: Page, route: string): Promise<number> {
  const search = page.getByRole('searchbox', { name: 'Search page' });
  await search.fill(route);
  const grid = page.getByRole('grid', { name: 'Page Views' });
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(route).replace(/%2F/g, '(%2F|/)')}`));
  const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: route, exact: true }) });
  // No row yet is no view yet.
  await expect(row.or(page.getByText(`No page matches “${route}”.`))).toBeVisible();
  if (!(await row.isVisible())) return 0;
  return Number((await row.getByRole('gridcell').nth(2).innerText()).replace(/,/g, ''));
}

test('a visitor’s page views reach the Page Views report as route patterns, and its export', async ({ page, browser }) => {
  await signInStaff(page, E2E_STAFF.platformReport.userName);
  await page.goto('/admin/report/page-views');
  await expect(page.getByRole('heading', { name: 'Page Views', level: 1 })).toBeVisible();
  const termsBefore = await viewsOf(page, '/terms');
  const detailBefore = await viewsOf(page, '/course/details/:id/:coursetitle?');

  // A visitor: no account, its own browser. Two opens of Terms by address, one by the footer link;
  // a course page by its address (counted under its pattern, never the address itself).
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  const counted = () => v.waitForResponse((r) => r.url().endsWith('/api/Report/PageView') && r.status() === 200);
  let beacon = counted();
  await v.goto('/terms');
  await beacon;
  beacon = counted();
  await v.reload();
  await beacon;
  beacon = counted();
  await v.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
  await beacon;
  beacon = counted();
  await v.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();
  await beacon;
  beacon = counted();
  await v.goto('/course/details/1/any-title');
  await beacon;
  // The beacon carries no cookie.
  const request = await Promise.all([counted(), v.goto('/partner')]).then(([r]) => r.request());
  expect(await request.headerValue('cookie')).toBeNull();
  await visitor.close();

  await page.reload();
  expect(await viewsOf(page, '/terms')).toBe(termsBefore + 3);
  expect(await viewsOf(page, '/course/details/:id/:coursetitle?')).toBe(detailBefore + 1);
  // The address as typed is nowhere.
  expect(await viewsOf(page, '/course/details/1')).toBe(0);

  // The report is paged by views: on a busy server /terms need not be on the first page unfiltered.
  await page.getByRole('searchbox', { name: 'Search page' }).fill('/terms');
  await expect(page.getByRole('grid', { name: 'Page Views' }).getByRole('rowheader', { name: '/terms', exact: true })).toBeVisible();
  await snapDesktop(page, 'report-page-views');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('PageViews.xlsx');
  const book = XLSX.read(await readFile((await download.path())!), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
  expect(rows[0]).toEqual(['S/NO', 'PAGE', 'APP', 'VIEWS', 'DAYS VIEWED']);
  expect(rows.find((r) => r[1] === '/terms')).toEqual([expect.any(Number), '/terms', 'Learner', termsBefore + 3, 1]);
});
