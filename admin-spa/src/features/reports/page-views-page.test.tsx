// Page Views (decision 092): the report's columns and figures, the App filter and the date range
// reach the call, and it is listed under Reports for platform report staff only.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PageViewRow } from '@rivet/shared/api/page-views';
import { visibleSidebar, ROLES } from '@rivet/shared/domain/permissions';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const VIEWS = 'GET /api/Report/Report/GetPageViews';
const row = (sno: number, app: PageViewRow['app'], route: string, views: number, days: number): PageViewRow => ({ sno, id: `${app} ${route}`, app, route, views, days });

describe('Page Views report', { timeout: 20_000 }, () => {
  it('shows each page’s views, most viewed first, and sends the app and date filters', async () => {
    const server = fakeFetch({
      [VIEWS]: () => ok({ items: [row(1, 'learner', '/course/details/:id/:coursetitle?', 1250, 7), row(2, 'admin', '/dashboard', 8, 2)], totalRows: 2 }),
    });
    const { user } = renderAdmin({ path: '/report/page-views', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    const table = await screen.findByRole('grid', { name: 'Page Views' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['S/NO', 'PAGE', 'APP', 'VIEWS', 'DAYS VIEWED']);
    const first = within(table).getByRole('rowheader', { name: '/course/details/:id/:coursetitle?' }).closest('[role="row"]')!;
    expect(first).toHaveTextContent('Learner app');
    expect(first).toHaveTextContent('1,250');
    expect(within(table).getByRole('rowheader', { name: '/dashboard' }).closest('[role="row"]')).toHaveTextContent('Admin console');
    const last = () => server.requests.filter((r) => r.path.endsWith('GetPageViews')).at(-1)!.query;
    expect(last()).toMatchObject({ App: 'all', Page: '1', PageSize: '10' });

    await user.click(screen.getByRole('button', { name: /App/ }));
    await user.click(await screen.findByRole('option', { name: 'Learner app' }));
    await waitFor(() => expect(last()).toMatchObject({ App: 'learner' }));

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()).toMatchObject({ App: 'learner', StartDate: '2026-11-01', EndDate: '2026-11-30' }));
  });

  it('is under Reports for platform report staff, not for a partner’s', () => {
    const reportsOf = (name: string) => {
      const role = ROLES.find((r) => r.name === name)!;
      return visibleSidebar({ role: role.name, permissions: role.permissions }).find((i) => i.key === 'reports')?.children?.map((c) => c.label) ?? [];
    };
    expect(reportsOf('RIVET REPORT')).toContain('Page Views');
    expect(reportsOf('INSTITUTION REPORT')).not.toContain('Page Views');
  });
});
