import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { INSTRUCTOR_MESSAGES as M, type ManagedInstructor } from '@rivet/shared/api/instructors';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const API = '/api/Course/Instructor';
const PATH = '/settings/instructors';
const PARTNERS = [
  { id: 7, name: 'LBS', fullName: 'Lagos Business School', isActive: true, activeInstructors: 2 },
  { id: 8, name: 'NTH', fullName: 'Naija Tech Hub', isActive: false, activeInstructors: 0 },
];

function server() {
  const instructors: ManagedInstructor[] = [
    { id: 1, name: 'Adaeze Nwosu', institutionId: 7, isActive: true, courses: 3 },
    { id: 2, name: 'Bola Ige', institutionId: 7, isActive: true, courses: 0 },
  ];
  const toggles: string[] = [];
  const created: unknown[] = [];
  const fake = fakeFetch({
    [`GET ${API}/Partners`]: (req) => {
      const id = Number(new URL(req.url).searchParams.get('Id'));
      const items = id ? PARTNERS.filter((p) => p.id === id) : PARTNERS;
      return ok({ items, totalRows: items.length });
    },
    [`GET ${API}/Search`]: (req) => {
      const q = new URL(req.url).searchParams;
      const status = q.get('IsActive');
      const items = instructors.filter((i) => i.institutionId === Number(q.get('InstitutionId')) && (!status || String(i.isActive) === status) && i.name.toLowerCase().includes((q.get('Search') ?? '').toLowerCase()));
      return ok({ items, totalRows: items.length });
    },
    [`POST ${API}/Create`]: async (req) => {
      const body = (await req.json()) as { institutionId: number; name: string };
      created.push(body);
      const made = { id: 3, ...body, isActive: true, courses: 0 };
      instructors.push(made);
      return ok(made, M.created);
    },
    [`POST ${API}/ActivateDeactivate`]: (req) => {
      const q = new URL(req.url).searchParams;
      toggles.push(`${q.get('id')}:${q.get('isActive')}`);
      const i = instructors.find((x) => x.id === Number(q.get('id')))!;
      i.isActive = q.get('isActive') === 'true';
      return ok(i, i.isActive ? M.activated : M.deactivated);
    },
  });
  return { ...fake, toggles, created };
}

describe('Instructors', () => {
  it('opens a partner’s own list for its staff, with course counts, and deactivates after a confirmation that says courses keep the name', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Instructors' })).toBeInTheDocument();
    expect(await screen.findByText(/Lagos Business School’s instructors/)).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Instructors' });
    const adaeze = await within(table).findByRole('row', { name: /Adaeze Nwosu/ });
    expect(adaeze).toHaveTextContent('3');
    // No partner to choose and no way back to a partner table.
    expect(screen.queryByRole('button', { name: '← Back' })).toBeNull();

    await user.click(within(adaeze).getByRole('button', { name: 'Deactivate Adaeze Nwosu' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate instructor?' });
    expect(confirm).toHaveTextContent('The 3 courses naming them keep the name.');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(fake.toggles).toEqual(['1:false']));
    expect(await within(table).findByRole('row', { name: /Adaeze Nwosu/ })).toHaveTextContent('Inactive');
  });

  it('lets platform staff choose the partner first, then add an instructor to it in the drawer', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const partners = await screen.findByRole('grid', { name: 'Instructors' });
    expect(await within(partners).findByRole('row', { name: /Naija Tech Hub/ })).toHaveTextContent('None yet');
    await user.click(within(partners).getByRole('button', { name: 'View instructors of Lagos Business School' }));

    const table = await screen.findByRole('grid', { name: 'Lagos Business School' });
    await within(table).findByRole('row', { name: /Bola Ige/ });
    await user.click(screen.getByRole('button', { name: 'Add Instructor' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Instructor' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(drawer).getByRole('textbox', { name: 'Instructor Name' }), '  Chinedu   Okafor ');
    await user.click(save);
    await waitFor(() => expect(fake.created).toEqual([{ institutionId: 7, name: 'Chinedu Okafor' }]));
    expect(await within(table).findByRole('row', { name: /Chinedu Okafor/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(await screen.findByRole('grid', { name: 'Instructors' })).toBeInTheDocument();
  });
});
