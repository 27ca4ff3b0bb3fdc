import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatRevenueDate, REVENUE_UI_MESSAGES as M, type Revenue, type RevenuePartner } from '@rivet/shared/api/revenue';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Course/Revenue';
const PATH = '/revenue';

const revenue = (id: number, name: string, patch: Partial<Revenue> = {}): Revenue => ({ id, name, dateCreated: '2026-11-20T08:05:00.000Z', isActive: true, courses: 0, ...patch });
const ALL = [revenue(2, 'Three-way 2026', { isActive: false }), revenue(1, 'Standard 30/70 (UNILAG)', { courses: 12 })];
const PARTIES: RevenuePartner[] = [
  { id: 1, sNo: 1, partnerId: 0, revenuePatnerType: 0, percentage: 30, partnerName: 'Rivet Learning Platform' },
  { id: 2, sNo: 2, partnerId: 2, revenuePatnerType: 1, percentage: 70, partnerName: 'University of Lagos' },
];
const partner = (id: number, name: string, fullName: string) => ({ id, name, fullName, code: name, isActive: true, email: '', website: null, address: null, overView: null, logoUrl: null, bannerUrl: null, thumbnailUrl: null, students: 0, courses: 0 });
const ACTIVE_PARTNERS = [partner(2, 'UNILAG', 'University of Lagos'), partner(3, 'LBS', 'Lagos Business School'), partner(4, 'ABU', 'Ahmadu Bello University')];

function server(extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${API}/Search`]: (req) => {
      const q = new URL(req.url).searchParams;
      const id = Number(q.get('id'));
      const items = ALL.filter((r) => (!id || r.id === id) && r.name.toLowerCase().includes((q.get('search') ?? '').toLowerCase()));
      return ok({ items, totalRows: items.length });
    },
    [`GET ${API}/GetRevenuePartners`]: () => ok(PARTIES),
    ['GET /api/Institution/Institution/Search']: () => ok({ items: ACTIVE_PARTNERS, totalRows: ACTIVE_PARTNERS.length }),
    ...extra,
  });
}

describe('Revenue Sharing', () => {
  it('lists NAME, DATE CREATED (MM-DD-YYYY hh:mm), STATUS and ACTION with Create Revenue', async () => {
    renderAdmin({ path: PATH, session: staffSession('RIVET ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Sharing' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Revenue Sharing' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'DATE CREATED', 'STATUS', 'ACTION']);
    const row = within(table).getByRole('row', { name: /Standard 30\/70/ });
    // 08:05 UTC is 09:05 in Lagos.
    expect(row).toHaveTextContent('11-20-2026 09:05');
    expect(within(row).getByRole('switch', { name: 'Standard 30/70 (UNILAG) active' })).toBeChecked();
    expect(within(table).getByRole('switch', { name: 'Three-way 2026 active' })).not.toBeChecked();
    expect(within(row).getByRole('button', { name: 'View Standard 30/70 (UNILAG)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Revenue' })).toBeInTheDocument();
  });

  it('formats dates as MM-DD-YYYY hh:mm in Lagos time, the hour 00 to 23', () => {
    expect(formatRevenueDate('2026-01-05T22:30:00.000Z')).toBe('01-05-2026 23:30');
    expect(formatRevenueDate('2026-12-31T23:59:00.000Z')).toBe('01-01-2027 00:59');
  });

  it('toggles a formula, shows the answer’s description as a warning toast, then reloads the list', async () => {
    const fake = server({ [`DELETE ${API}/ActivateDeactivateRevenue`]: () => ok(revenue(1, 'Standard 30/70 (UNILAG)', { isActive: false }), M.deactivated) });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('switch', { name: 'Standard 30/70 (UNILAG) active' }));
    expect(await screen.findByText(M.deactivated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ id: '1', isActive: 'false' });
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('/Search'))).toHaveLength(2));
  });

  it('opens the read-only formula in place of the list, and Close returns', async () => {
    const { user, router } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    await user.click(await screen.findByRole('button', { name: 'View Standard 30/70 (UNILAG)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Sharing Formula' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(router.state.location.search).toBe('?view=1');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows[1]).toContain('Rivet Learning Platform');
    expect(rows[1]).toContain('Platform Owner');
    expect(rows[1]).toContain('30 %');
    expect(rows[2]).toContain('University of Lagos');
    expect(rows[2]).toContain('70 %');
    expect(rows[3]).toContain('100 %');
    expect(screen.getByText(/12 courses approved with it/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(await screen.findByRole('grid', { name: 'Revenue Sharing' })).toBeInTheDocument();
  });

  it('sets up a formula: Platform Owner fixed first, partners once each, add hidden at 100, Save only at exactly 100', async () => {
    let saves = 0;
    const fake = server({
      [`POST ${API}/Create`]: () => {
        saves += 1;
        return ok(revenue(3, 'Lagos split'), M.created);
      },
    });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Create Revenue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Sharing Setup' })).toBeInTheDocument();
    expect(screen.getByText('Platform Owner')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // Numbers only, from 0, with at most two decimals.
    const owner = screen.getByRole('textbox', { name: 'Platform Owner percentage' });
    await user.type(owner, '-e+33.339');
    expect(owner).toHaveValue('33.33');
    await user.clear(owner);
    await user.type(owner, '250');
    expect(owner).toHaveValue('25');
    await user.clear(owner);
    await user.type(owner, '30');

    await user.click(screen.getByRole('button', { name: '+ Add partner' }));
    await user.click(screen.getByRole('button', { name: /Partner 1/ }));
    await user.click(await screen.findByRole('option', { name: 'University of Lagos' }));
    await user.type(screen.getByRole('textbox', { name: 'Partner 1 percentage' }), '50');
    expect(save).toBeDisabled();
    expect(screen.getByText(/20 % left to share/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add partner' }));
    await user.click(screen.getByRole('button', { name: /Partner 2/ }));
    // A partner already chosen is not offered again.
    expect(screen.queryByRole('option', { name: 'University of Lagos' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Lagos Business School' }));
    await user.type(screen.getByRole('textbox', { name: 'Partner 2 percentage' }), '20');
    // At 100 the add-party control goes and Save wakes.
    expect(screen.queryByRole('button', { name: '+ Add partner' })).toBeNull();
    expect(save).toBeEnabled();

    // Save without a name: the field's message and the save's.
    await user.click(save);
    expect(await screen.findByText(M.nameField)).toBeInTheDocument();
    expect(await screen.findByText(M.nameRequired)).toBeInTheDocument();
    expect(saves).toBe(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lagos split');
    await user.click(save);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    expect(saves).toBe(1);
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Lagos split',
      revenuePartnerModel: [
        { sNo: 1, revenuePatnerType: 0, partnerId: 0, percentage: 30 },
        { sNo: 2, revenuePatnerType: 1, partnerId: 2, percentage: 50 },
        { sNo: 3, revenuePatnerType: 1, partnerId: 3, percentage: 20 },
      ],
    });
    expect(await screen.findByRole('grid', { name: 'Revenue Sharing' })).toBeInTheDocument();
  });

  it('asks for a partner on every added row, and keeps the form with the server’s description when it refuses', async () => {
    const fake = server({ [`POST ${API}/Create`]: () => fail(400, M.partnerInactive('University of Lagos')) });
    const { user } = renderAdmin({ path: `${PATH}?create`, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Refused');
    await user.type(screen.getByRole('textbox', { name: 'Platform Owner percentage' }), '40');
    await user.click(screen.getByRole('button', { name: '+ Add partner' }));
    await user.type(screen.getByRole('textbox', { name: 'Partner 1 percentage' }), '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(M.partnerRequired)).not.toHaveLength(0);
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: /Partner 1/ }));
    await user.click(await screen.findByRole('option', { name: 'University of Lagos' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.partnerInactive('University of Lagos'))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Refused');
  });

  it('shows more than 100 and lets a partner row go', async () => {
    const { user } = renderAdmin({ path: `${PATH}?create`, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    await user.type(await screen.findByRole('textbox', { name: 'Platform Owner percentage' }), '60');
    await user.click(screen.getByRole('button', { name: '+ Add partner' }));
    await user.type(screen.getByRole('textbox', { name: 'Partner 1 percentage' }), '60');
    expect(screen.getByText(/more than 100/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add partner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove partner 1' }));
    expect(screen.queryByRole('textbox', { name: 'Partner 1 percentage' })).toBeNull();
    expect(screen.getByRole('button', { name: '+ Add partner' })).toBeInTheDocument();
  });
});
