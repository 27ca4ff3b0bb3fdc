import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ROLES, visibleSidebar, type RoleName } from '@rivet/shared/domain/permissions';
import { BUILT_SCREENS, builtSidebar } from '../../screens';
import { renderAdmin, staffSession } from '../../test/render-admin';
import { SidebarList } from './sidebar-nav';

const STAFF_ROLES = ROLES.filter((r) => r.name !== 'STUDENT').map((r) => r.name as RoleName);

async function sidebarOf(role: RoleName) {
  renderAdmin({ path: '/dashboard', session: staffSession(role) });
  return screen.findByRole('navigation', { name: 'Main' });
}

describe('admin sidebar', () => {
  it.each(STAFF_ROLES)('shows a %s only items whose screens exist, each allowed by the spec’s rules', async (role) => {
    const nav = await sidebarOf(role);
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(BUILT_SCREENS).toContain(href);
    const allowed = visibleSidebar({ role, permissions: ROLES.find((r) => r.name === role)!.permissions }).flatMap((i) => [i.path, ...(i.children ?? []).map((c) => c.path)]);
    for (const href of hrefs) expect(allowed).toContain(href);
    // Groups (Settings) start closed: the links shown are the built top-level items the role may see.
    const topLevel = builtSidebar(visibleSidebar({ role, permissions: ROLES.find((r) => r.name === role)!.permissions }))
      .filter((i) => !i.children)
      .map((i) => i.label);
    expect(topLevel[0]).toBe('Dashboard');
    expect(within(nav).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(topLevel);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps a built item the role may see, drops one it may not, and keeps a group only with a built child', () => {
    const superAdmin = visibleSidebar({ role: 'SUPER ADMIN', permissions: ROLES[0]!.permissions });
    const built = ['/dashboard', '/manage-user', '/report/audit-trail'];
    expect(builtSidebar(superAdmin, built).map((i) => [i.label, ...(i.children ?? []).map((c) => c.label)])).toEqual([
      ['Dashboard'],
      ['Manage User'],
      ['Reports', 'Audit Trail'],
    ]);
    const institutionReport = visibleSidebar({ role: 'INSTITUTION REPORT', permissions: ['viewReport', 'viewInstitutionReport'] });
    // The role's only report (Course Insight) is not built: no empty Reports group.
    expect(builtSidebar(institutionReport, built).map((i) => i.label)).toEqual(['Dashboard']);
  });

  it('shows a group closed until opened, and open by itself on one of its pages', async () => {
    const items = [
      { key: 'dashboard', label: 'Dashboard', path: '/dashboard' },
      { key: 'reports', label: 'Reports', path: '/report', children: [{ key: 'auditTrail', label: 'Audit Trail', path: '/report/audit-trail' }] },
    ];
    const user = userEvent.setup();
    const { unmount } = render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <SidebarList items={items} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Audit Trail' })).toBeNull();
    await user.click(within(nav).getByRole('button', { name: 'Reports' }));
    expect(within(nav).getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('href', '/report/audit-trail');
    unmount();

    render(
      <MemoryRouter initialEntries={['/report/audit-trail']}>
        <SidebarList items={items} />
      </MemoryRouter>,
    );
    const again = screen.getByRole('navigation', { name: 'Main' });
    expect(within(again).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(again).getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('aria-current', 'page');
  });
});
