import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { USER_MESSAGES, type AdminUser } from '@rivet/shared/api/users';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const AUTH = '/api/Authentication';
const PATH = '/manage-user';

function staff(userName: string, patch: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `id-${userName}`,
    firstName: 'Ngozi',
    lastName: 'Obi',
    userName,
    email: `${userName}@lbs.example.ng`,
    phoneNumber: '08031234567',
    roleId: 15,
    roleName: 'INSTITUTION REPORT',
    roleType: 1,
    isActive: true,
    profilePixUrl: null,
    institutionId: 7,
    institutionName: 'LBS',
    mustChangePassword: false,
    ...patch,
  };
}

const NGOZI = staff('ngozi.obi');
const TUNDE = staff('tunde.bakare', { firstName: 'Tunde', lastName: 'Bakare', roleId: 14, roleName: 'INSTITUTION ADMIN', isActive: false });
const SEGUN = staff('segun.rivet', { firstName: 'Segun', lastName: 'Ade', roleId: 11, roleName: 'RIVET ADMIN', roleType: 0, institutionId: 1, institutionName: 'Rivet' });
const ALL = [NGOZI, TUNDE, SEGUN];
const ROLE_OPTIONS = [
  { id: 14, name: 'INSTITUTION ADMIN', roleType: 1 },
  { id: 15, name: 'INSTITUTION REPORT', roleType: 1 },
  { id: 11, name: 'RIVET ADMIN', roleType: 0 },
  { id: 13, name: 'RIVET REPORT', roleType: 0 },
  { id: 10, name: 'SUPER ADMIN', roleType: 0 },
];

function server(extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${AUTH}/Account/User/GetUserInfoByInstitutionId`]: (req) => {
      const q = new URL(req.url).searchParams.get('search')?.toLowerCase() ?? '';
      const items = ALL.filter((u) => `${u.firstName} ${u.lastName} ${u.userName}`.toLowerCase().includes(q));
      return ok({ items, totalRows: items.length });
    },
    [`GET ${AUTH}/RolePermissionManager/GetAllRoles`]: (req) => {
      const type = new URL(req.url).searchParams.get('RoleType');
      return ok(ROLE_OPTIONS.filter((r) => type === null || String(r.roleType) === type));
    },
    [`GET /api/Institution/Institution/Search`]: () =>
      ok({ items: [partner(7, 'LBS', 'Lagos Business School'), partner(2, 'UNILAG', 'University of Lagos')], totalRows: 2 }),
    ...extra,
  });
}

function partner(id: number, code: string, fullName: string) {
  const none = { website: null, address: null, overView: null, logoUrl: null, bannerUrl: null, thumbnailUrl: null };
  return { id, name: code, fullName, code, isActive: true, email: `hello@${code.toLowerCase()}.example.ng`, ...none, students: 0, courses: 0 };
}

const institutionAdmin = () => staffSession('INSTITUTION ADMIN');
const superAdmin = () => staffSession('SUPER ADMIN', { institutionId: 1, institutionName: 'Rivet', institutionCode: 'RIVET' });

async function choose(user: ReturnType<typeof renderAdmin>['user'], dialog: HTMLElement, field: RegExp, option: string) {
  await user.click(within(dialog).getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Manage Users', () => {
  it('lists users as cards with name, user name, e-mail, role and status, and searches through the URL', async () => {
    const fake = server();
    const { user, router } = renderAdmin({ path: PATH, session: institutionAdmin(), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Users' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Manage Users' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Ngozi Obi');
    expect(cards[0]).toHaveTextContent('@ngozi.obi');
    expect(cards[0]).toHaveTextContent('ngozi.obi@lbs.example.ng');
    expect(cards[0]).toHaveTextContent('INSTITUTION REPORT');
    expect(cards[0]).toHaveTextContent('Active');
    expect(cards[1]).toHaveTextContent('Inactive');
    expect(screen.getByRole('button', { name: 'Add Users' })).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.endsWith('GetUserInfoByInstitutionId'))?.query).toEqual({ Page: '1', PageSize: '50' });

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'tunde');
    await waitFor(() => expect(router.state.location.search).toBe('?q=tunde'), { timeout: 3000 });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Manage Users' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says when nothing matches and shows the server’s description when the list cannot load', async () => {
    renderAdmin({ path: `${PATH}?q=zzz`, session: institutionAdmin(), fetch: server().fetch });
    expect(await screen.findByText('No user matches “zzz”.')).toBeInTheDocument();
  });

  it('shows the list’s failure with a retry', async () => {
    renderAdmin({ path: PATH, session: institutionAdmin(), fetch: fakeFetch({ [`GET ${AUTH}/Account/User/GetUserInfoByInstitutionId`]: () => fail(500, 'Users are unavailable') }).fetch });
    expect(await screen.findByText('Users are unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a user with every §5 message, the admin’s own institution and institution roles (RoleType=1), one submit only', async () => {
    let creates = 0;
    let release!: () => void;
    const fake = server({
      [`POST ${AUTH}/Account/Admin/Create`]: async () => {
        creates += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return ok(staff('amaka.eze'), USER_MESSAGES.created);
      },
    });
    const { user } = renderAdmin({ path: PATH, session: institutionAdmin(), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    expect(within(dialog).queryByRole('button', { name: /Institution/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    for (const message of [USER_MESSAGES.firstName, USER_MESSAGES.lastName, USER_MESSAGES.userName, USER_MESSAGES.email, USER_MESSAGES.role]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(creates).toBe(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-address');
    expect(await within(dialog).findByText(USER_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number (optional)' }), '0803');
    expect(await within(dialog).findByText(USER_MESSAGES.phoneInvalid)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Amaka');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Eze');
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'Amaka.Eze');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'amaka@lbs.example.ng');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number (optional)' }), '1234567');
    await choose(user, dialog, /Role$/, 'INSTITUTION REPORT');
    expect(screen.queryByRole('option', { name: 'RIVET ADMIN' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(creates).toBe(1));
    release();
    expect(await screen.findByText(USER_MESSAGES.created)).toBeInTheDocument();
    expect(creates).toBe(1);
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      firstName: 'Amaka',
      lastName: 'Eze',
      userName: 'amaka.eze',
      email: 'amaka@lbs.example.ng',
      phoneNumber: '08031234567',
      roles: 15,
      institutionId: 7,
      institutionCode: 'LBS',
    });
    expect(fake.requests.find((r) => r.path.endsWith('GetAllRoles'))?.query).toEqual({ RoleType: '1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows “Failed to create user” with the server’s description', async () => {
    const fake = server({ [`POST ${AUTH}/Account/Admin/Create`]: () => fail(409, USER_MESSAGES.userNameTaken) });
    const { user } = renderAdmin({ path: PATH, session: institutionAdmin(), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Amaka');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Eze');
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'ngozi.obi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'amaka@lbs.example.ng');
    await choose(user, dialog, /Role$/, 'INSTITUTION ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText(USER_MESSAGES.createFailed)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_MESSAGES.userNameTaken)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue('Amaka');
  });

  it('lets a super admin choose the institution, and offers the roles that fit it from an unfiltered role list', async () => {
    const fake = server({ [`POST ${AUTH}/Account/Admin/Create`]: () => ok(staff('new.rivet'), USER_MESSAGES.created) });
    const { user } = renderAdmin({ path: PATH, session: superAdmin(), fetch: fake.fetch });
    const list = await screen.findByRole('list', { name: 'Manage Users' });
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Rivet');
    await user.click(screen.getByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    expect(within(dialog).getByRole('button', { name: /Role$/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText(USER_MESSAGES.institution)).toBeInTheDocument();

    await choose(user, dialog, /Institution$/, 'Rivet (Rivet staff)');
    await user.click(within(dialog).getByRole('button', { name: /Role$/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['RIVET ADMIN', 'RIVET REPORT', 'SUPER ADMIN']);
    await user.keyboard('{Escape}');
    await choose(user, dialog, /Institution$/, 'Lagos Business School (LBS)');
    await user.click(within(dialog).getByRole('button', { name: /Role$/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['INSTITUTION ADMIN', 'INSTITUTION REPORT']);
    await user.click(screen.getByRole('option', { name: 'INSTITUTION ADMIN' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Femi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Ade');
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'femi.ade');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'femi@lbs.example.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(fake.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ roles: 14, institutionId: 7, institutionCode: null }));
    expect(fake.requests.find((r) => r.path.endsWith('GetAllRoles'))?.query).toEqual({});
  });

  it('lets platform staff narrow the list to one institution, kept in the URL', async () => {
    const fake = server();
    const { user, router } = renderAdmin({ path: PATH, session: superAdmin(), fetch: fake.fetch });
    await screen.findByRole('list', { name: 'Manage Users' });
    await user.click(screen.getByRole('button', { name: /Institution$/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All institutions', 'Rivet', 'LBS', 'UNILAG']);
    await user.click(screen.getByRole('option', { name: 'LBS' }));
    await waitFor(() => expect(router.state.location.search).toBe('?institution=7'));
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('GetUserInfoByInstitutionId')).at(-1)?.query).toMatchObject({ institutionid: '7' }));
    expect(fake.requests.find((r) => r.path.endsWith('Institution/Search'))?.query).not.toHaveProperty('IsActive');
    await user.click(screen.getByRole('button', { name: /Institution$/ }));
    await user.click(screen.getByRole('option', { name: 'All institutions' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers institution staff no institution filter', async () => {
    const fake = server();
    renderAdmin({ path: `${PATH}?institution=2`, session: institutionAdmin(), fetch: fake.fetch });
    await screen.findByRole('list', { name: 'Manage Users' });
    expect(screen.queryByRole('button', { name: /Institution$/ })).toBeNull();
    expect(fake.requests.find((r) => r.path.endsWith('GetUserInfoByInstitutionId'))?.query).not.toHaveProperty('institutionid');
  });

  it('opens a user’s details, deactivates after a confirmation with the spec’s notice, closes and refetches', async () => {
    let release!: () => void;
    const fake = server({
      [`DELETE ${AUTH}/Account/User/ActivateDeactivateUser`]: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return ok({ ...NGOZI, isActive: false }, USER_MESSAGES.deactivated);
      },
    });
    const { user } = renderAdmin({ path: PATH, session: institutionAdmin(), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: /Ngozi Obi, INSTITUTION REPORT, Active/ }));
    const detail = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(detail).getByText('ngozi.obi@lbs.example.ng')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate user?' });
    expect(confirm).toHaveTextContent('signed out at once');
    const listsBefore = fake.requests.filter((r) => r.path.endsWith('GetUserInfoByInstitutionId')).length;
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(confirm).findByText('deactivating record..')).toBeInTheDocument();
    release();
    expect(await screen.findByText(USER_MESSAGES.deactivated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ id: NGOZI.id, isActive: 'false' });
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('GetUserInfoByInstitutionId')).length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Deactivate user?' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Update Details off for an inactive user', async () => {
    const { user } = renderAdmin({ path: PATH, session: institutionAdmin(), fetch: server().fetch });
    await user.click(await screen.findByRole('button', { name: /Tunde Bakare/ }));
    const detail = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(detail).getByRole('button', { name: 'Update Details' })).toBeDisabled();
    expect(within(detail).getByRole('button', { name: 'Activate' })).toBeEnabled();
  });

  it('updates names, phone and role with the username locked and no e-mail field', async () => {
    const fake = server({ [`PUT ${AUTH}/Account/Admin/UpdateUserInfo`]: () => ok({ ...NGOZI, firstName: 'Ngozika' }, USER_MESSAGES.updated) });
    const { user } = renderAdmin({ path: PATH, session: institutionAdmin(), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: /Ngozi Obi/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'User details' })).getByRole('button', { name: 'Update Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update User' });
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveValue('ngozi.obi');
    expect(within(dialog).queryByRole('textbox', { name: 'Email' })).toBeNull();
    const first = within(dialog).getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.tab();
    expect(await within(dialog).findByText(USER_MESSAGES.firstName)).toBeInTheDocument();
    await user.type(first, 'Ngozika');
    await choose(user, dialog, /Role$/, 'INSTITUTION ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(USER_MESSAGES.updated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.query).toEqual({ UserId: NGOZI.id, firstName: 'Ngozika', lastName: 'Obi', phoneNumber: '08031234567', roleId: '14' });
  });

  it('offers view only without manageuser, and no changes to Rivet staff for anyone but a super admin', async () => {
    const viewer = staffSession('INSTITUTION REPORT', { permissions: ['viewuser'] });
    const { user, unmount } = renderAdmin({ path: PATH, session: viewer, fetch: server().fetch });
    await screen.findByRole('list', { name: 'Manage Users' });
    expect(screen.queryByRole('button', { name: 'Add Users' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Ngozi Obi/ }));
    const detail = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(detail).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Update Details' })).toBeNull();
    unmount();

    const rivetAdmin = renderAdmin({ path: PATH, session: staffSession('RIVET ADMIN'), fetch: server().fetch });
    await rivetAdmin.user.click(await screen.findByRole('button', { name: /Segun Ade/ }));
    const rivetDetail = await screen.findByRole('dialog', { name: 'User details' });
    expect(within(rivetDetail).getByText('Only a super admin can change Rivet staff.')).toBeInTheDocument();
    expect(within(rivetDetail).queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });
});
