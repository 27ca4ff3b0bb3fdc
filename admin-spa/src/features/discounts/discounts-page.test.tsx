import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DISCOUNT_UI_MESSAGES as M, type Discount } from '@rivet/shared/api/discounts';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Discount/Discount';

const discount = (id: number, name: string, patch: Partial<Discount> = {}): Discount => ({
  id,
  name,
  description: `${name} for learners`,
  code: 'WELCOME10',
  codeCount: 1,
  codesRedeemed: 0,
  startDate: '2026-01-01',
  endDate: '2030-12-31',
  discountType: 1,
  discountTypeName: 'Default',
  discountChargeType: 2,
  discountChargeTypeName: 'Percentage',
  amount: 10,
  usageLimit: null,
  usageCount: 3,
  allCoursesDiscount: true,
  courseTitle: [],
  institutionId: 3,
  institution: 'Lagos Business School',
  isActive: true,
  status: 'active',
  dateCreated: '2026-11-20T08:05:00.000Z',
  ...patch,
});
const ALL = [
  discount(2, 'ABU gift vouchers', { code: null, codeCount: 5, codesRedeemed: 1, discountType: 2, discountTypeName: 'Advanced', institution: 'Ahmadu Bello University', isActive: false, status: 'inactive' }),
  discount(1, 'Welcome offer', { discountChargeType: 1, discountChargeTypeName: 'Flat', amount: 5000, usageLimit: 100 }),
  discount(3, 'Harmattan sale 2025', { code: 'HARMATTAN25', startDate: '2025-01-01', endDate: '2025-12-31', status: 'expired' }),
  discount(4, 'Easter sale', { code: 'EASTER27', startDate: '2027-03-20', endDate: '2027-04-10', status: 'scheduled' }),
];
const partner = (id: number, name: string, fullName: string) => ({ id, name, fullName, code: name, isActive: true, email: '', website: null, address: null, overView: null, logoUrl: null, bannerUrl: null, thumbnailUrl: null, students: 0, courses: 0 });
const ACTIVE_PARTNERS = [partner(2, 'UNILAG', 'University of Lagos'), partner(3, 'LBS', 'Lagos Business School')];

function server(extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${API}/Search`]: (req) => {
      const search = (new URL(req.url).searchParams.get('search') ?? '').toLowerCase();
      const items = ALL.filter((d) => d.name.toLowerCase().includes(search));
      return ok({ items, totalRows: items.length });
    },
    [`GET ${API}/GetDiscountById`]: (req) => ok(ALL.find((d) => d.id === Number(new URL(req.url).searchParams.get('DiscountId')))),
    [`GET /api/Course/Course/List`]: () => ok({ items: [{ id: 7, title: 'Negotiation Basics', institutionId: 3, isActive: true, draft: false, approvalStatus: 2 }], totalRows: 1 }),
    ['GET /api/Institution/Institution/Search']: () => ok({ items: ACTIVE_PARTNERS, totalRows: ACTIVE_PARTNERS.length }),
    ...extra,
  });
}

async function choose(user: ReturnType<typeof renderAdmin>['user'], label: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Manage Discounts', () => {
  it('lists discounts under “Discount coupons for courses”, with a toggle, and Create Discount that reads Back while creating', async () => {
    const { user, router } = renderAdmin({ path: '/discounts', session: staffSession('RIVET ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Discounts' })).toBeInTheDocument();
    expect(screen.getByText('Discount coupons for courses')).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Manage Discounts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'CODE', 'VALUE', 'VALID', 'USAGE', 'STATUS', 'ACTION']);
    const welcome = within(table).getByRole('row', { name: /Welcome offer/ });
    expect(welcome).toHaveTextContent('WELCOME10');
    expect(welcome).toHaveTextContent('₦5,000');
    expect(welcome).toHaveTextContent('3 of 100 used');
    expect(welcome).toHaveTextContent('1 Jan 2026to 31 Dec 2030');
    expect(within(welcome).getByRole('switch', { name: 'Welcome offer active' })).toBeChecked();
    const gifts = within(table).getByRole('row', { name: /ABU gift vouchers/ });
    expect(gifts).toHaveTextContent('5 codes (1 used)');
    expect(within(gifts).getByRole('switch', { name: 'ABU gift vouchers active' })).not.toBeChecked();
    // Past its end date a discount reads Expired, never Active, and has no switch to turn on (decision 080).
    const ended = within(table).getByRole('row', { name: /Harmattan sale 2025/ });
    expect(within(ended).getByText('Expired')).toBeInTheDocument();
    expect(within(ended).queryByRole('switch')).toBeNull();
    expect(ended).not.toHaveTextContent('Active');
    // Switched on before its start date, it is Scheduled.
    const easter = within(table).getByRole('row', { name: /Easter sale/ });
    expect(within(easter).getByRole('switch', { name: 'Easter sale active' })).toBeChecked();
    expect(easter).toHaveTextContent('Scheduled');

    await user.click(screen.getByRole('button', { name: 'Create Discount' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Create Discount' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?create=');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('grid', { name: 'Manage Discounts' })).toBeInTheDocument();
  });

  it('toggles a discount and shows the answer’s description as a warning', async () => {
    const fake = server({ [`DELETE ${API}/ActivateDeactivate`]: () => ok(discount(1, 'Welcome offer', { isActive: false }), M.deactivated) });
    const { user } = renderAdmin({ path: '/discounts', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('switch', { name: 'Welcome offer active' }));
    expect(await screen.findByText(M.deactivated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ id: '1', isActive: 'false' });
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('/Search'))).toHaveLength(2));
  });

  it('creates a default discount: required fields, the spec’s warnings, then one multipart call', async () => {
    const fake = server({ [`POST ${API}/Create`]: () => ok(discount(9, 'Harmattan sale'), M.created) });
    const { user } = renderAdmin({ path: '/discounts?create', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const create = await screen.findByRole('button', { name: 'Create Discount' });
    await user.click(create);
    for (const message of [M.nameRequired, M.descriptionRequired, M.typeRequired, M.partnerRequired, M.startRequired, M.endRequired, M.chargeTypeRequired, M.valueRequired, M.usageRequired]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harmattan sale');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), '10% off');
    await choose(user, / Partner$/, 'Lagos Business School');
    await choose(user, / Discount type$/, 'Default (one code)');
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'harmattan-10');
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue('HARMATTAN-10');
    await choose(user, / Charge type$/, 'Percentage (%)');
    const value = screen.getByRole('textbox', { name: /^Value/ });
    // §5: no e, E, + or -; a percentage takes 3 characters and warns above 100.
    await user.type(value, 'e+-150');
    expect(value).toHaveValue('150');
    expect(await screen.findByText(M.percentageMax)).toBeInTheDocument();
    await user.clear(value);
    await user.type(value, '10');
    await choose(user, / Usage$/, 'Limited');
    await user.type(screen.getByRole('textbox', { name: /^Usage limit/ }), '50');
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2026-06-02' } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2026-06-01' } });
    await user.click(create);
    expect((await screen.findAllByText(M.endBeforeStart)).length).toBeGreaterThan(0);
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2026-12-31' } });
    await user.click(create);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    const body = String(fake.requests.find((r) => r.method === 'POST')?.body);
    for (const [name, val] of Object.entries({ Name: 'Harmattan sale', DiscountType: '1', DiscountChargeType: '2', InstitutionId: '3', StartDate: '2026-06-02', EndDate: '2026-12-31', Amount: '10', SetUsageLimit: 'true', UsageLimit: '50', AllCoursesDiscount: 'true', Code: 'HARMATTAN-10' })) {
      expect(body).toMatch(new RegExp(`name="${name}"\\r\\n\\r\\n${val}\\r\\n`));
    }
    expect(await screen.findByRole('grid', { name: 'Manage Discounts' })).toBeInTheDocument();
  });

  it('an advanced discount uploads its file; bad rows come back by number and nothing is created', async () => {
    const fake = server({
      [`POST ${API}/Create`]: () => ({
        status: 400,
        body: {
          success: false,
          description: M.fileRows(2),
          data: null,
          code: 'invalid_input',
          errors: [
            { field: 'FormFile[3]', message: `Row 3 (BAD CODE): ${M.rowFormat}` },
            { field: 'FormFile[5]', message: `Row 5 (GOOD-1): ${M.rowDuplicate(2)}` },
          ],
        },
      }),
    });
    const { user } = renderAdmin({ path: '/discounts?create', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Vouchers');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Gift vouchers');
    await choose(user, / Partner$/, 'University of Lagos');
    await choose(user, / Discount type$/, 'Advanced (bulk upload of codes)');
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();
    await choose(user, / Charge type$/, 'Flat (₦)');
    await user.type(screen.getByRole('textbox', { name: /^Value/ }), '2500.50');
    await choose(user, / Usage$/, 'Unlimited');
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2026-12-31' } });
    // Only the partner's courses are offered when not all of them.
    await user.click(screen.getByRole('checkbox', { name: 'All of the partner’s courses' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Negotiation Basics' }));

    await user.click(screen.getByRole('button', { name: 'Create Discount' }));
    expect(await screen.findByText(M.fileRequired)).toBeInTheDocument();
    await user.upload(screen.getByTestId('discount-file'), new File(['Code\nGOOD-1\nBAD CODE\n'], 'codes.csv', { type: 'text/csv' }));
    expect(screen.getByText('codes.csv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Discount' }));
    expect(await screen.findByText(M.fileRows(2))).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Problems' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([`Row 3 (BAD CODE): ${M.rowFormat}`, `Row 5 (GOOD-1): ${M.rowDuplicate(2)}`]);
    const body = String(fake.requests.find((r) => r.method === 'POST')?.body);
    // jsdom's File reaches undici's FormData as a nameless blob; the part is what matters here.
    expect(body).toMatch(/name="FormFile"; filename=/);
    expect(body).toMatch(/name="CourseId"\r\n\r\n7\r\n/);
    expect(body).toMatch(/name="Amount"\r\n\r\n2500.50\r\n/);
    // Still on the form, for a corrected file.
    expect(screen.getByRole('heading', { level: 2, name: 'Create Discount' })).toBeInTheDocument();
  });

  it('View Discount says Expired, with its end date and how to use it again', async () => {
    renderAdmin({ path: '/discount/3', session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    const details = await screen.findByRole('region', { name: 'Harmattan sale 2025 details' });
    const status = within(details).getByText('Status', { selector: 'dt' }).nextElementSibling!;
    expect(status).toHaveTextContent('Expired');
    expect(status).toHaveTextContent('Ended 31 Dec 2025. Update its end date to use it again.');
    expect(status).not.toHaveTextContent('Active');
  });

  it('View Discounts is read-only with Update and Close; Update opens the form, which sends only §7’s fields', async () => {
    const fake = server({ [`PUT ${API}/Update`]: () => ok(discount(1, 'Welcome back'), M.updated) });
    const { user, router } = renderAdmin({ path: '/discount/1', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'View Discount' })).toBeInTheDocument();
    const details = await screen.findByRole('region', { name: 'Welcome offer details' });
    expect(details).toHaveTextContent('Lagos Business School');
    expect(details).toHaveTextContent('WELCOME10');
    expect(details).toHaveTextContent('₦5,000');
    expect(within(details).queryByRole('textbox')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Update Discount' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/discounts');
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Welcome offer');
    await user.clear(name);
    await user.type(name, 'Welcome back');
    await user.click(screen.getByRole('button', { name: 'Update Discount' }));
    expect(await screen.findByText(M.updated)).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      id: 1,
      name: 'Welcome back',
      description: 'Welcome offer for learners',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      setUsage: true,
      usageLimit: 100,
    });

    await router.navigate('/discount/1');
    await screen.findByRole('heading', { level: 1, name: 'View Discount' });
    // The success toast has a Close of its own: this is the page's.
    await user.click(screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/discounts'));
  });
});
