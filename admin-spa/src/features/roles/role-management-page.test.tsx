import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROLE_MESSAGES, type Role } from '@rivet/shared/api/roles';
import { PERMISSIONS, ROLES } from '@rivet/shared/domain/permissions';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const RPM = '/api/Authentication/RolePermissionManager';
const PATH = '/configuration/role-management';
const permissionList = PERMISSIONS.map((p) => ({ id: p.id, name: p.name, permissionGroupingName: p.group, userTypeName: p.userTypes }));
const idOf = (name: string) => PERMISSIONS.find((p) => p.name === name)!.id;

function role(name: string, patch: Partial<Role> = {}): Role {
  const seeded = ROLES.find((r) => r.name === name);
  const ids = seeded ? seeded.permissions.map(idOf) : [idOf('viewuser')];
  return { id: seeded?.id ?? 40, name, roleName: name, roleType: seeded?.roleType ?? 1, isActive: true, builtIn: Boolean(seeded), permission: ids.join(','), permissionId: ids, ...patch };
}

const ALL = [role('INSTITUTION ADMIN'), role('RIVET ADMIN'), role('SUPER ADMIN'), role('Course Clerk', { id: 41, isActive: false })];

function server(extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${RPM}/SearchRoleDetails`]: (req) => {
      const q = new URL(req.url).searchParams.get('search')?.toLowerCase() ?? '';
      const items = ALL.filter((r) => r.name.toLowerCase().includes(q));
      return ok({ items, totalRows: items.length });
    },
    [`GET ${RPM}/GetAllPermissions`]: () => ok(permissionList),
    ...extra,
  });
}

describe('Role Management', () => {
  it('lists roles by Name, Type and Action, and searches through the URL', async () => {
    const fake = server();
    const { user, router } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Role Management' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Role Management' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Type', 'Action']);
    const clerk = within(table).getByRole('row', { name: /Course Clerk/ });
    expect(within(clerk).getByText('Institution')).toBeInTheDocument();
    expect(within(clerk).getByText('Inactive')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /RIVET ADMIN/ })).toHaveTextContent('Rivet');
    // SUPER ADMIN stays active: it has an edit button and no toggle.
    expect(screen.getByRole('button', { name: 'Edit SUPER ADMIN' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate SUPER ADMIN' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'clerk');
    await waitFor(() => expect(router.state.location.search).toBe('?q=clerk'), { timeout: 3000 });
    await waitFor(() => expect(within(screen.getByRole('grid')).queryByRole('row', { name: /RIVET ADMIN/ })).toBeNull());
    expect(fake.requests.filter((r) => r.path.endsWith('SearchRoleDetails')).at(-1)?.query).toMatchObject({ search: 'clerk', pageNumber: '1', pageSize: '1000' });
  });

  it('keeps the search from the URL on reload and says when nothing matches', async () => {
    renderAdmin({ path: `${PATH}?q=zzz`, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByText('No role matches “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search roles' })).toHaveValue('zzz');
  });

  it('shows the server’s description when the list cannot load', async () => {
    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fakeFetch({ [`GET ${RPM}/SearchRoleDetails`]: () => fail(500, 'Roles are unavailable') }).fetch });
    expect(await screen.findByText('Roles are unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers view only to staff who may view but not manage roles', async () => {
    renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: server().fetch });
    await screen.findByRole('grid');
    expect(screen.queryByRole('button', { name: 'Add Role' })).toBeNull();
    expect(screen.getAllByText('View only').length).toBeGreaterThan(0);
  });

  it('adds a role: Save waits for a name and a permission, permissions follow the role type, one submit only', async () => {
    let saves = 0;
    let release!: () => void;
    const fake = server({
      [`POST ${RPM}/CreateRoleandPermission`]: async () => {
        saves += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return ok(role('Quiz Marker', { id: 50 }), ROLE_MESSAGES.created);
      },
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // Institution type: Rivet-only permissions (manageRole) are not offered.
    await user.click(await within(dialog).findByRole('button', { name: /^Role/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'viewRole' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'manageRole' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'viewRole' }));
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Quiz Marker');
    expect(save).toBeEnabled();
    await user.click(save);
    await user.click(save);
    release();
    expect(await screen.findByText(ROLE_MESSAGES.created)).toBeInTheDocument();
    expect(saves).toBe(1);
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({ roleId: null, roleType: 1, name: 'Quiz Marker', permissionId: [idOf('viewRole')] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits with the type fixed and shows “Failed to create role” with the server’s description', async () => {
    const fake = server({ [`POST ${RPM}/CreateRoleandPermission`]: () => fail(409, 'A role named “INSTITUTION ADMIN” already exists') });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Edit Course Clerk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role: Course Clerk' });
    expect(within(dialog).getByRole('button', { name: /Role type/ })).toBeDisabled();
    expect(within(dialog).getByText('A role’s type is fixed once it is created.')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Role name' });
    await user.clear(name);
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await within(dialog).findByText(ROLE_MESSAGES.name)).toBeInTheDocument();
    await user.type(name, 'INSTITUTION ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ROLE_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(within(dialog).getByText('A role named “INSTITUTION ADMIN” already exists')).toBeInTheDocument();
  });

  it('keeps a built-in role’s name, and SUPER ADMIN’s permissions, out of reach', async () => {
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    await user.click(await screen.findByRole('button', { name: 'Edit SUPER ADMIN' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Role name' })).toBeDisabled();
    await user.click(await within(dialog).findByRole('button', { name: /^Role/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'manageRole' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'manageRole' })).toBeChecked();
  });

  it('deactivates after a confirmation with the notice and a refetch, and says when it fails', async () => {
    let fails = false;
    const fake = server({
      [`DELETE ${RPM}/ActivateDeactivateRole`]: () => (fails ? fail(400, 'Something broke') : ok(role('RIVET ADMIN', { isActive: false }), 'Record deactivated')),
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Deactivate RIVET ADMIN' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate role?' });
    const searchesBefore = fake.requests.filter((r) => r.path.endsWith('SearchRoleDetails')).length;
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Record deactivated')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ roleId: String(ROLES.find((r) => r.name === 'RIVET ADMIN')!.id), isActive: 'false' });
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('SearchRoleDetails')).length).toBeGreaterThan(searchesBefore));

    fails = true;
    await user.click(screen.getByRole('button', { name: 'Activate Course Clerk' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Activate role?' })).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(ROLE_MESSAGES.activateFailed)).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
  });
});
