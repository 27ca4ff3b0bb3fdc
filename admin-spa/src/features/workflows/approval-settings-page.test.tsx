import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { WORKFLOW_MESSAGES as M, type Approver, type Workflow, type WorkflowPartner } from '@rivet/shared/api/workflows';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';
import { ACTIVATE_FAILED, PARTNERS_NOT_LOADED, STALE_APPROVER_NOTE } from './approval-settings-page';

const API = '/api/Workflow/Workflow';
const PATH = '/configuration/manage-workflow';

const PARTNERS: WorkflowPartner[] = [
  { id: 2, name: 'UNILAG', fullName: 'University of Lagos', isActive: true, activeWorkflows: 1 },
  { id: 7, name: 'LBS', fullName: 'Lagos Business School', isActive: true, activeWorkflows: 0 },
];

const APPROVERS: Approver[] = [
  { userId: 'u-ada', name: 'Ada Okafor', email: 'ada@lbs.ng', roleName: 'INSTITUTION ADMIN' },
  { userId: 'u-bayo', name: 'Bayo Martins', email: 'bayo@lbs.ng', roleName: 'INSTITUTION ADMIN' },
  { userId: 'u-chidi', name: 'Chidi Eze', email: 'chidi@lbs.ng', roleName: 'INSTITUTION ADMIN' },
];

const workflow = (over: Partial<Workflow> = {}): Workflow => ({
  id: 40,
  name: 'Faculty review',
  institutionId: 7,
  levelNo: 1,
  courseCategoryId: 1,
  courseCategoryName: 'Productivity',
  noOfApprovals: 2,
  isActive: true,
  workflowLevels: [
    {
      levelNo: 1,
      approval: 2,
      users: [
        { userId: 'u-ada', name: 'Ada Okafor', canApprove: true },
        { userId: 'u-bayo', name: 'Bayo Martins', canApprove: true },
      ],
    },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

function server(list: Workflow[] = [workflow(), workflow({ id: 41, name: 'Old review', isActive: false, courseCategoryId: 2, courseCategoryName: 'Digital Skills' })], extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${API}/Partners`]: () => ok({ items: PARTNERS, totalRows: PARTNERS.length }),
    [`GET ${API}/GetWorkflowByInstitutionId`]: (req) => ok(list.filter((w) => w.institutionId === Number(new URL(req.url).searchParams.get('institutionId')))),
    [`GET ${API}/Approvers`]: (req) => {
      const search = (new URL(req.url).searchParams.get('search') ?? '').toLowerCase();
      // The server's search reaches staff beyond the first page: Zainab is only found by it.
      const all = [...APPROVERS, { userId: 'u-zainab', name: 'Zainab Bello', email: 'zainab@lbs.ng', roleName: 'INSTITUTION ADMIN' }];
      return ok(search ? all.filter((a) => `${a.name} ${a.email}`.toLowerCase().includes(search)) : APPROVERS);
    },
    [`GET /api/Course/CourseCategory/List`]: () =>
      ok({
        items: [
          { id: 1, name: 'Productivity', code: 'PRODUCTIVITY', isActive: true },
          { id: 2, name: 'Digital Skills', code: 'DIGITAL-SKILLS', isActive: true },
          { id: 3, name: 'Retired', code: 'RETIRED', isActive: false },
        ],
        totalRows: 3,
      }),
    [`POST ${API}/Create`]: async (req) => {
      const body = (await req.json()) as { name: string; courseCategoryId: number; workflowLevels: { approval: number; users: { userId: string }[] }[] };
      const made = workflow({ id: 50, name: body.name, courseCategoryId: body.courseCategoryId, courseCategoryName: 'Digital Skills' });
      list.unshift(made);
      return ok(made, M.created);
    },
    [`PUT ${API}/Update`]: async (req) => {
      const body = (await req.json()) as { id: number; name: string };
      const w = list.find((x) => x.id === body.id)!;
      w.name = body.name;
      return ok(w, M.updated);
    },
    [`POST ${API}/Deactivate`]: (req) => {
      const w = list.find((x) => x.id === Number(new URL(req.url).searchParams.get('id')))!;
      w.isActive = false;
      return ok(w, M.deactivated);
    },
    [`POST ${API}/Activate`]: (req) => {
      const w = list.find((x) => x.id === Number(new URL(req.url).searchParams.get('id')))!;
      w.isActive = true;
      return ok(w, M.activated);
    },
    ...extra,
  });
}

async function pick(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('button', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function addUser(user: UserEvent, dialog: HTMLElement, name: string) {
  const box = within(dialog).getByRole('combobox', { name: 'User' });
  await user.clear(box);
  await user.type(box, name.slice(0, 4));
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
}

describe('Approval Settings', () => {
  it('shows a partner admin their own partner’s workflows as cards', async () => {
    const fake = server();
    renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { name: 'Approval Settings' })).toBeInTheDocument();
    expect(screen.getByText('Create and manage your partners approval workflow')).toBeInTheDocument();
    const active = await screen.findByRole('article', { name: 'Faculty review' });
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Productivity');
    expect(active).toHaveTextContent('Approvals required2');
    expect(active).toHaveTextContent('Ada Okafor');
    expect(within(active).getByRole('button', { name: 'Edit Faculty review' })).toBeInTheDocument();
    const old = screen.getByRole('article', { name: 'Old review' });
    expect(old).toHaveTextContent('Deactivated');
    // §4: only an active workflow is edited or deactivated; a deactivated one may only be activated.
    expect(within(old).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Activate Old review']);
    expect(screen.queryByRole('button', { name: /Partner/ })).toBeNull();
    expect(fake.requests.find((r) => r.path.endsWith('/GetWorkflowByInstitutionId'))?.query).toEqual({ institutionId: '7' });
  });

  it('lets platform staff choose the partner first, keeping it in the address', async () => {
    const { user, router } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByText('Choose a partner to see and manage its approval workflows.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add WorkFlow' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /Partner/ }));
    await user.click(await screen.findByRole('option', { name: 'Lagos Business School' }));
    await waitFor(() => expect(router.state.location.search).toBe('?partner=7'));
    expect(await screen.findByRole('article', { name: 'Faculty review' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add WorkFlow' })).toBeInTheDocument();
  });

  it('words a refused partner list as a refusal, and only a failed one as not loaded', async () => {
    const refused = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server(undefined, { [`GET ${API}/Partners`]: () => fail(403, 'You do not have permission to do this.') }).fetch });
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.queryByText(PARTNERS_NOT_LOADED)).toBeNull();
    refused.unmount();

    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server(undefined, { [`GET ${API}/Partners`]: () => fail(500, 'Server error') }).fetch });
    expect(await screen.findByText(PARTNERS_NOT_LOADED)).toBeInTheDocument();
  });

  it('creates a workflow: every §5 rule, duplicates ignored, Create enabled only when complete', async () => {
    const fake = server([]);
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    expect(await screen.findByText('No workflow yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add WorkFlow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Authorization' });
    const create = within(dialog).getByRole('button', { name: 'Create Workflow' });
    expect(create).toBeDisabled();

    // Add User with nothing chosen warns.
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText(M.selectUser)).toBeInTheDocument();

    await addUser(user, dialog, 'Ada Okafor');
    // Already added: no longer offered, so it cannot be added twice.
    await user.type(within(dialog).getByRole('combobox', { name: 'User' }), 'Ada');
    expect(await screen.findByText('No user matches')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await pick(user, dialog, 'Check For', '2 approvals');
    expect(await screen.findByText(M.approvalsOverSelected)).toBeInTheDocument();
    expect(within(dialog).getByText(M.approvalsOverAdded)).toBeInTheDocument();
    await pick(user, dialog, 'Course Category', 'Digital Skills');
    expect(create).toBeDisabled();
    await addUser(user, dialog, 'Bayo Martins');
    const users = within(dialog).getByRole('table', { name: 'Users of the workflow' });
    expect(within(users).getAllByRole('row')).toHaveLength(3);
    expect(within(dialog).queryByText(M.approvalsOverAdded)).toBeNull();
    expect(create).toBeEnabled();

    // Name is required, with the spec's words.
    await user.click(create);
    expect(await within(dialog).findByText(M.name)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Workflow Name' }), 'Faculty review');
    await user.click(create);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.path.endsWith('/Create'))!;
    expect(sent.body).toEqual({
      institutionId: 7,
      name: 'Faculty review',
      levelNo: 1,
      courseCategoryId: 2,
      workflowLevels: [{ approval: 2, users: [{ userId: 'u-ada' }, { userId: 'u-bayo' }] }],
    });
    expect(await screen.findByRole('article', { name: 'Faculty review' })).toBeInTheDocument();
  });

  it('removes an added user, and adds a second level', async () => {
    const fake = server([]);
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add WorkFlow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Authorization' });
    await addUser(user, dialog, 'Ada Okafor');
    await addUser(user, dialog, 'Chidi Eze');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Chidi Eze' }));
    expect(within(dialog).queryByText('Chidi Eze')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '+ Add a level' }));
    expect(within(dialog).getByRole('group', { name: 'Level 2' })).toBeInTheDocument();
    // A new level without users keeps Create disabled.
    await user.type(within(dialog).getByRole('textbox', { name: 'Workflow Name' }), 'Two steps');
    await pick(user, dialog, 'Course Category', 'Productivity');
    const level1 = within(dialog).getByRole('group', { name: 'Level 1' });
    await pick(user, level1, 'Check For', '1 approval');
    expect(within(dialog).getByRole('button', { name: 'Create Workflow' })).toBeDisabled();
    const level2 = within(dialog).getByRole('group', { name: 'Level 2' });
    await pick(user, level2, 'Check For', '1 approval');
    const box = within(level2).getByRole('combobox', { name: 'User for level 2' });
    await user.type(box, 'Bay');
    await user.click(await screen.findByRole('option', { name: /Bayo Martins/ }));
    await user.click(within(level2).getByRole('button', { name: 'Add User' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Workflow' }));
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.endsWith('/Create'))?.body).toMatchObject({
      levelNo: 2,
      workflowLevels: [
        { approval: 1, users: [{ userId: 'u-ada' }] },
        { approval: 1, users: [{ userId: 'u-bayo' }] },
      ],
    });
  });

  it('searches the server for a user from the third character on (§9)', async () => {
    const fake = server([]);
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Add WorkFlow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Authorization' });
    const box = within(dialog).getByRole('combobox', { name: 'User' });
    await user.type(box, 'Za');
    expect(await screen.findByText('No user matches')).toBeInTheDocument();
    await user.type(box, 'i');
    await user.click(await screen.findByRole('option', { name: /Zainab Bello/ }));
    expect(fake.requests.filter((r) => r.path.endsWith('/Approvers')).map((r) => r.query.search)).toContain('Zai');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(within(dialog).getByRole('table', { name: 'Users of the workflow' })).toHaveTextContent('Zainab Bello');
    expect(box).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'User' })).toHaveValue('');
  });

  it('updates an active workflow and shows a refusal as a warning', async () => {
    let refuse = true;
    const fake = server(undefined, {
      [`PUT ${API}/Update`]: async (req) => {
        if (refuse) {
          refuse = false;
          return fail(409, M.activeExists('Productivity'));
        }
        const body = (await req.json()) as { id: number; name: string };
        return ok(workflow({ name: body.name }), M.updated);
      },
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Edit Faculty review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Manage Authorization' });
    const name = within(dialog).getByRole('textbox', { name: 'Workflow Name' });
    expect(name).toHaveValue('Faculty review');
    expect(within(dialog).getByText('Bayo Martins')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Senate review');
    const update = within(dialog).getByRole('button', { name: 'Update Workflow' });
    await user.click(update);
    expect(await within(dialog).findByText(M.activeExists('Productivity'))).toBeInTheDocument();
    await user.click(update);
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path.endsWith('/Update')).at(-1)?.body).toMatchObject({ id: 40, name: 'Senate review', institutionId: 7, courseCategoryId: 1 });
  });

  it('deactivates after a confirmation', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Faculty review' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate workflow?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(M.deactivated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.endsWith('/Deactivate'))).toMatchObject({ method: 'POST', query: { id: '40' } });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Faculty review' })).toHaveTextContent('Deactivated'));
  });

  it('activates a deactivated workflow after a confirmation', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Activate Old review' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Activate workflow?' });
    await user.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(M.activated)).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.path.endsWith('/Activate'));
    expect(sent).toMatchObject({ method: 'POST' });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Old review' })).toHaveTextContent('Active'));
    expect(within(screen.getByRole('article', { name: 'Old review' })).getByRole('button', { name: 'Edit Old review' })).toBeInTheDocument();
  });

  it('says why an activation was refused', async () => {
    const fake = server(undefined, { [`POST ${API}/Activate`]: () => fail(409, M.activeExists('Productivity')) });
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Activate Old review' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Activate workflow?' })).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(ACTIVATE_FAILED)).toBeInTheDocument();
    expect(screen.getByText(M.activeExists('Productivity'))).toBeInTheDocument();
  });

  it('flags a named user who can no longer approve, on the card and in the dialog', async () => {
    const stale = workflow({
      workflowLevels: [
        {
          levelNo: 1,
          approval: 1,
          users: [
            { userId: 'u-ada', name: 'Ada Okafor', canApprove: true },
            { userId: 'u-gone', name: 'Gone Away', canApprove: false },
          ],
        },
      ],
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: server([stale]).fetch });
    const card = await screen.findByRole('article', { name: 'Faculty review' });
    expect(card).toHaveTextContent('Gone Away (can no longer approve)');
    expect(card).toHaveTextContent(STALE_APPROVER_NOTE);
    await user.click(within(card).getByRole('button', { name: 'Edit Faculty review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Manage Authorization' });
    expect(within(dialog).getByRole('row', { name: /Gone Away/ })).toHaveTextContent('can no longer approve');
  });

  it('shows the workflows without actions to a role that only views them', async () => {
    renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN', { permissions: ['viewworkflow'] }), fetch: server().fetch });
    const card = await screen.findByRole('article', { name: 'Faculty review' });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add WorkFlow' })).toBeNull();
  });
});
