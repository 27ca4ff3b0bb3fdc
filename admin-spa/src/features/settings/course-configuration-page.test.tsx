import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CATEGORY_MESSAGES as M } from '@rivet/shared/api/course-configuration';
import type { CourseCategory } from '@rivet/shared/api/reference';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Course/CourseCategory';
const PATH = '/settings/course-configuration';

function server(extra: FakeRoutes = {}) {
  const categories: CourseCategory[] = [
    { id: 1, name: 'Productivity', code: 'PRODUCTIVITY', isActive: true },
    { id: 2, name: 'Digital Skills', code: 'DIGITAL-SKILLS', isActive: false },
  ];
  return fakeFetch({
    [`GET ${API}/List`]: () => ok({ items: categories, totalRows: categories.length }),
    [`POST ${API}/Create`]: async (req) => {
      const body = (await req.json()) as { name: string; code: string };
      const made = { id: 3, ...body, isActive: true };
      categories.push(made);
      return ok(made, M.created);
    },
    [`POST ${API}/Update`]: (req) => {
      const q = new URL(req.url).searchParams;
      const c = categories.find((x) => x.id === Number(q.get('id')))!;
      Object.assign(c, q.has('name') ? { name: q.get('name') } : {}, q.has('code') ? { code: q.get('code') } : {});
      return ok(c, M.updated);
    },
    [`POST ${API}/ActivateDeactivate/2`]: () => {
      categories[1]!.isActive = true;
      return ok(categories[1], M.activated);
    },
    ...extra,
  });
}

describe('Course Configuration', () => {
  it('shows the settings side-nav for the user’s permissions and lists the categories upper-cased with their status', async () => {
    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Configuration' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Course Configuration', 'Instructors', 'Approval Settings', 'Privacy & Settings', 'Role Management', 'Certificate Settings', 'Email Templates', 'Notification Manager', 'Manage Survey']);
    const table = await screen.findByRole('grid', { name: 'Course Configuration' });
    const digital = within(table).getByRole('row', { name: /Digital Skills/ });
    expect(within(digital).getByText('Digital Skills')).toHaveClass('settings__category-name');
    expect(digital).toHaveTextContent('Inactive');
    expect(within(digital).getByRole('button', { name: 'Activate Digital Skills' })).toBeInTheDocument();
  });

  it('creates a category in the drawer: Save waits for name and code, and the code is typed as it is stored', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('RIVET ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create Course Category' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(drawer).getByRole('textbox', { name: 'Name' }), 'Agriculture');
    expect(save).toBeDisabled();
    const code = within(drawer).getByRole('textbox', { name: 'Code' });
    await user.type(code, 'agri food');
    expect(code).toHaveValue('AGRI-FOOD');
    await user.click(save);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.endsWith('/Create'))?.body).toEqual({ name: 'Agriculture', code: 'AGRI-FOOD' });
    expect(await screen.findByRole('row', { name: /Agriculture/ })).toBeInTheDocument();
  });

  it('sends only the changed field on edit', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Edit Productivity' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Course Category' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const name = within(drawer).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Productivity at Work');
    await user.click(save);
    await waitFor(() => expect(fake.requests.find((r) => r.path.endsWith('/Update'))?.query).toEqual({ id: '1', name: 'Productivity at Work' }));
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
  });

  it('activates a category after confirmation', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Activate Digital Skills' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Activate course category?' });
    await user.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(M.activated)).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST' && r.path.endsWith('/ActivateDeactivate/2'))).toBe(true);
  });

  it('shows an institution admin the list read-only, without Add Category or row actions', async () => {
    renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: server().fetch });
    const table = await screen.findByRole('grid', { name: 'Course Configuration' });
    await within(table).findByRole('row', { name: /Productivity/ });
    expect(screen.queryByRole('button', { name: 'Add Category' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Edit|Activate|Deactivate/ })).toBeNull();
  });

  it('opens the first setting the user may see at /settings, and Privacy & Settings from its side-nav link', async () => {
    const { router } = renderAdmin({ path: '/settings', session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    const privacy = renderAdmin({ path: '/settings/privacy', session: staffSession('INSTITUTION ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy & Settings' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon...')).toBeNull();
    expect(privacy.router.state.location.pathname).toBe('/settings/privacy');
  });
});
