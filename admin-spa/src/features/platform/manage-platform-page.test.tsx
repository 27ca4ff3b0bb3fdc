import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PLATFORM_MESSAGES, type PlatformPartner } from '@rivet/shared/api/platform';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Institution/Partner';
const PATH = '/manage-platform';
const BANKS = [
  { id: 1, name: 'Access Bank', code: '044' },
  { id: 8, name: 'Guaranty Trust Bank', code: '058' },
  { id: 32, name: 'Zenith Bank', code: '057' },
];

function party(id: number, name: string, patch: Partial<PlatformPartner> = {}): PlatformPartner {
  return { id, name, bankId: 8, bankName: 'Guaranty Trust Bank', accountNumber: '0234567810', isActive: true, dateCreated: '2026-11-01T09:00:00.000Z', ...patch };
}

const ALL = [party(2, 'Rivet Content Fund', { bankId: 32, bankName: 'Zenith Bank', accountNumber: '1023456789', isActive: false }), party(1, 'Rivet Operations')];

function server(extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${API}/Search`]: (req) => {
      const q = new URL(req.url).searchParams.get('search')?.toLowerCase() ?? '';
      const items = ALL.filter((p) => p.name.toLowerCase().includes(q));
      return ok({ items, totalRows: items.length });
    },
    [`GET ${API}/Banks`]: () => ok(BANKS),
    ...extra,
  });
}

describe('Manage Platform', () => {
  it('lists Name, Bank, Account number, Status and Action, 50 a page, and searches through the URL', async () => {
    const fake = server();
    const { user, router } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Platform' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Manage Platform' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Bank', 'Account number', 'Status', 'Action']);
    const fund = within(table).getByRole('row', { name: /Rivet Content Fund/ });
    expect(fund).toHaveTextContent('Zenith Bank');
    expect(fund).toHaveTextContent('1023456789');
    expect(fund).toHaveTextContent('Inactive');
    expect(within(fund).getByRole('button', { name: 'Activate Rivet Content Fund' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Rivet Operations/ })).toHaveTextContent('Active');
    expect(fake.requests.find((r) => r.path.endsWith('/Search'))?.query).toMatchObject({ page: '1', pageSize: '50' });

    await user.type(screen.getByRole('searchbox', { name: 'Search platforms' }), 'operations');
    await waitFor(() => expect(router.state.location.search).toBe('?q=operations'), { timeout: 3000 });
    await waitFor(() => expect(within(screen.getByRole('grid')).queryByRole('row', { name: /Content Fund/ })).toBeNull());
  });

  it('says when nothing matches, and shows the server’s description when the list cannot load', async () => {
    renderAdmin({ path: `${PATH}?q=zzz`, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByText('No platform matches “zzz”.')).toBeInTheDocument();
  });

  it('shows the server’s description, with Try again when the list fails and without it when the server refuses', async () => {
    const failed = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fakeFetch({ [`GET ${API}/Search`]: () => fail(500, 'The platforms could not be read.') }).fetch });
    expect(await screen.findByText('The platforms could not be read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    failed.unmount();

    // A refusal (403) is the same however often it is asked.
    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fakeFetch({ [`GET ${API}/Search`]: () => fail(403, 'You do not have permission to do this.') }).fetch });
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('asks for name, bank and account number with the spec’s messages, and takes digits only', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Create Platform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Platform' });
    await within(dialog).findByRole('button', { name: /Bank/ });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PLATFORM_MESSAGES.name)).toBeInTheDocument();
    expect(within(dialog).getByText(PLATFORM_MESSAGES.bank)).toBeInTheDocument();
    expect(within(dialog).getByText(PLATFORM_MESSAGES.account)).toBeInTheDocument();

    const account = within(dialog).getByRole('textbox', { name: 'Account number' });
    expect(account).toHaveAttribute('inputmode', 'numeric');
    await user.type(account, '12a3-45 x');
    expect(account).toHaveValue('12345');
    expect(await within(dialog).findByText(PLATFORM_MESSAGES.accountDigits)).toBeInTheDocument();
    await user.type(account, '678901234');
    expect(account).toHaveValue('1234567890');
    expect(within(dialog).queryByText(PLATFORM_MESSAGES.accountDigits)).toBeNull();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('creates a party with the bank chosen from Partner/Banks, once, with the success notice', async () => {
    let saves = 0;
    const fake = server({
      [`POST ${API}/Create`]: () => {
        saves += 1;
        return ok(party(9, 'Rivet Grants', { bankId: 32, bankName: 'Zenith Bank', accountNumber: '1234567890' }), PLATFORM_MESSAGES.created);
      },
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Create Platform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Platform' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rivet Grants');
    await user.click(await within(dialog).findByRole('button', { name: /Bank/ }));
    await user.click(await screen.findByRole('option', { name: 'Zenith Bank' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Account number' }), '1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(PLATFORM_MESSAGES.created)).toBeInTheDocument();
    expect(saves).toBe(1);
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Rivet Grants', bankId: 32, account: '1234567890' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('updates a party with its name locked, and shows the server’s description when it fails', async () => {
    let failing = true;
    const fake = server({
      [`PUT ${API}/Update`]: () => (failing ? fail(400, PLATFORM_MESSAGES.bankUnknown) : ok(party(1, 'Rivet Operations', { accountNumber: '0987654321' }), PLATFORM_MESSAGES.updated)),
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Update Rivet Operations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update platform: Rivet Operations' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toBeDisabled();
    expect(name).toHaveValue('Rivet Operations');
    expect(within(dialog).getByText('A platform’s name cannot be changed.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: /Guaranty Trust Bank/ })).toBeInTheDocument();
    const account = within(dialog).getByRole('textbox', { name: 'Account number' });
    await user.clear(account);
    await user.tab();
    expect(await within(dialog).findByText(PLATFORM_MESSAGES.account)).toBeInTheDocument();
    await user.type(account, '0987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Failed to update platform')).toBeInTheDocument();
    expect(within(dialog).getByText(PLATFORM_MESSAGES.bankUnknown)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Account number' })).toHaveValue('0987654321');

    failing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(PLATFORM_MESSAGES.updated)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'PUT').at(-1)?.query).toEqual({ id: '1', bankId: '8', accountno: '0987654321' });
  });

  it('deactivates after a confirmation with the notice and a refetch', async () => {
    const fake = server({ [`DELETE ${API}/ActivateDeactivate`]: () => ok(party(1, 'Rivet Operations', { isActive: false }), 'Record deactivated') });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Rivet Operations' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate platform?' });
    const before = fake.requests.filter((r) => r.path.endsWith('/Search')).length;
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Record deactivated')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ id: '1', isActive: 'false' });
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('/Search')).length).toBeGreaterThan(before));
  });
});
