import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RoleName } from '@rivet/shared/domain/permissions';
import { renderAdmin, staffSession } from '../../test/render-admin';

// Written out by hand from spec 2.14 and 6 so a change to the visibility rules shows up here.
const expected: Record<'SUPER ADMIN' | 'INSTITUTION ADMIN' | 'INSTITUTION REPORT', { top: string[]; reports: string[] }> = {
  'SUPER ADMIN': {
    top: ['Dashboard', 'Manage Course', 'Approve Course', 'Manage Partner', 'Manage User', 'Reports', 'Discount', 'Revenue', 'Settings'],
    reports: ['Audit Trail', 'Course Insight', 'Course Payment', 'Course Insight (overview)', 'Manage Reg. User', 'Rev. per Partner', 'Platform Revenue'],
  },
  'INSTITUTION ADMIN': {
    top: ['Dashboard', 'Manage Course', 'Approve Course', 'Manage Partner', 'Manage User', 'Reports', 'Settings'],
    reports: ['Course Insight'],
  },
  'INSTITUTION REPORT': {
    top: ['Dashboard', 'Reports'],
    reports: ['Course Insight'],
  },
};

async function sidebarFor(role: RoleName) {
  const view = renderAdmin({ path: '/dashboard', session: staffSession(role) });
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  const topLevel = within(nav)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.parentElement === nav)
    .map((li) => li.querySelector('a, button')?.textContent?.trim());
  // The group starts closed on the dashboard: its links are not reachable until it is opened.
  expect(within(nav).queryByRole('link', { name: 'Course Insight' })).toBeNull();
  await view.user.click(within(nav).getByRole('button', { name: 'Reports' }));
  const reportsList = within(nav).getAllByRole('list')[1];
  const reports = reportsList ? within(reportsList).getAllByRole('link').map((a) => a.textContent?.trim()) : [];
  return { nav, topLevel, reports };
}

describe('admin sidebar', () => {
  it.each(Object.entries(expected))('shows exactly the items a %s may use', async (role, { top, reports }) => {
    const sidebar = await sidebarFor(role as RoleName);
    expect(sidebar.topLevel).toEqual(top);
    expect(sidebar.reports).toEqual(reports);
  });

  it('links each report to its screen and marks the current page', async () => {
    const { nav } = await sidebarFor('SUPER ADMIN');
    expect(within(nav).getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('href', '/report/audit-trail');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Manage User' })).not.toHaveAttribute('aria-current');
  });

  it('opens the Reports group by itself when a report is the current page', async () => {
    renderAdmin({ path: '/report/course-insight', session: staffSession('INSTITUTION REPORT') });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Course Insight' })).toHaveAttribute('aria-current', 'page');
  });
});
