import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PARTNER_MESSAGES, type Partner, type PartnerDetail } from '@rivet/shared/api/partners';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const INST = '/api/Institution/Institution';

function partner(id: number, patch: Partial<PartnerDetail> = {}): PartnerDetail {
  return {
    id, name: `P${id}`, fullName: `Partner College ${id}`, code: `P${id}`, institutionType: 1, email: `p${id}@demo.ng`, phoneNumber: '08031234567',
    website: 'https://p.demo.ng', address: `${id} Marina, Lagos`, country: 'NG', countryName: 'Nigeria', overView: 'A partner.', logoUrl: null,
    thumbnailUrl: '/media/t.webp', bannerUrl: '/media/b.webp', certificateLogoUrl: '/media/c.webp', isActive: true, dateCreated: '2026-01-01T00:00:00.000Z',
    bankId: 8, bankName: 'Guaranty Trust Bank', accountNumber: '0123456789', ...patch,
  };
}

function server(list: Partner[], extra: FakeRoutes = {}) {
  return fakeFetch({
    [`GET ${INST}/Partners`]: (req) => {
      const q = new URL(req.url).searchParams.get('Search')?.toLowerCase() ?? '';
      const items = list.filter((p) => p.fullName.toLowerCase().includes(q));
      return ok({ items, totalRows: items.length });
    },
    [`GET ${INST}/GetInstitution`]: (req) => ok(partner(Number(new URL(req.url).searchParams.get('Id')))),
    'GET /api/Authentication/Account/Admin/GetAdminUsers': () => ok([]),
    [`GET ${INST}/Countries`]: () => ok([{ id: 1, countryName: 'Nigeria', code1: 'NG' }]),
    'GET /api/Institution/Partner/Banks': () => ok([{ id: 8, name: 'Guaranty Trust Bank', code: '058' }]),
    [`GET ${INST}/QueryInstitution`]: (req) => {
      const q = new URL(req.url).searchParams;
      return ok({ nameTaken: q.get('name')?.toLowerCase() === 'unilag', emailTaken: q.get('email') === 'taken@demo.ng', codeTaken: false });
    },
    ...extra,
  });
}

describe('Manage Partners', () => {
  it('shows partner cards with the name in capitals, address, mobile and status, and Add Partner to managers', async () => {
    renderAdmin({ path: '/manage-partners', session: staffSession('SUPER ADMIN'), fetch: server([partner(1), partner(2, { isActive: false })]).fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Partners' })).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Partners' });
    expect(within(cards).getByText('PARTNER COLLEGE 1')).toBeInTheDocument();
    expect(within(cards).getByText('1 Marina, Lagos')).toBeInTheDocument();
    expect(within(cards).getAllByText('08031234567')).toHaveLength(2);
    expect(within(cards).getByRole('button', { name: /Partner College 2, Inactive/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Partner' })).toHaveAttribute('href', '/create-institution');
  });

  it('offers no Add Partner and no changes to staff who only view institutions', async () => {
    const { user } = renderAdmin({ path: '/manage-partners', session: staffSession('INSTITUTION ADMIN'), fetch: server([partner(1)]).fetch });
    await user.click(await screen.findByRole('button', { name: /Partner College 1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No admin details')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Partner' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Update Details' })).toBeNull();
  });

  it('deactivates from the detail modal with the spec’s texts, then refetches and closes', async () => {
    let active = true;
    let release!: () => void;
    const fake = server([partner(1)], {
      [`GET ${INST}/Partners`]: () => ok({ items: [partner(1, { isActive: active })], totalRows: 1 }),
      [`POST ${INST}/ActivateDeactivate`]: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        active = false;
        return ok(partner(1, { isActive: false }), PARTNER_MESSAGES.deactivated);
      },
    });
    const { user } = renderAdmin({ path: '/manage-partners', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: /Partner College 1, Active/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nigeria')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Banner' })).toHaveAttribute('href', '/media/b.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(confirm).findByText('deactivating record..')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Record deactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: /Partner College 1, Inactive/ })).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path.endsWith('ActivateDeactivate'))?.body).toEqual({ Id: 1, isActive: false });
  });

  it('disables Update Details for an inactive partner', async () => {
    const fake = server([partner(3, { isActive: false })], { [`GET ${INST}/GetInstitution`]: () => ok(partner(3, { isActive: false })) });
    const { user } = renderAdmin({ path: '/manage-partners', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: /Partner College 3/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('link', { name: 'Update Details' })).toHaveAttribute('aria-disabled', 'true'));
    expect(within(dialog).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });
});

describe('Create Partner wizard', () => {
  it('shows the spec’s messages on Basic Info, and the image rule', async () => {
    const { user } = renderAdmin({ path: '/create-institution', session: staffSession('SUPER ADMIN'), fetch: server([]).fetch });
    const form = await screen.findByRole('form', { name: 'Basic Info' });
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(await within(form).findByText(PARTNER_MESSAGES.fullName)).toBeInTheDocument();
    expect(within(form).getByText(PARTNER_MESSAGES.name)).toBeInTheDocument();
    expect(within(form).getByText(PARTNER_MESSAGES.type)).toBeInTheDocument();
    expect(within(form).getByText('minimum of 11 digits')).toBeInTheDocument();
    // The website is optional: left empty, it is not 'Not a valid Url'.
    expect(within(form).queryByText('Not a valid Url')).toBeNull();
    expect(within(form).getByText(PARTNER_MESSAGES.accountNumber)).toBeInTheDocument();
    expect(within(form).getByText(PARTNER_MESSAGES.bank)).toBeInTheDocument();
    expect(within(form).getByText(PARTNER_MESSAGES.overview)).toBeInTheDocument();
    // Each missing picture is named as the form shows it.
    for (const label of ['Logo', 'Thumbnail', 'Banner', 'Certificate Logo']) expect(within(form).getByText(`${label} cannot be empty`)).toBeInTheDocument();

    const field = (name: string) => within(form).getByRole('textbox', { name: new RegExp(`^${name}`) });
    await user.type(field('Phone Number'), '0803123456a');
    await user.type(field('Website'), 'partner');
    await user.type(field('Account Number'), '12345');
    await user.type(field('Email'), 'info@partner');
    await user.tab();
    expect(await within(form).findByText('Not a valid phone number')).toBeInTheDocument();
    expect(within(form).getByText('Not a valid Account Number')).toBeInTheDocument();
    expect(within(form).getByText('Not a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Not a valid Url')).toBeInTheDocument();

    // A file that is not png, jpg or gif is refused before anything is sent.
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] } });
    expect(await within(form).findByText('Sorry only png, jpg, gif images are accepted')).toBeInTheDocument();
  });

  it('tells each picture’s size apart, and refuses a picture of the wrong shape or too small', async () => {
    // jsdom decodes no images: the browser's createImageBitmap answers with the picture's size.
    const sizes: Record<string, [number, number]> = { 'wide-logo.png': [400, 200], 'thumb.png': [1125, 796], 'small-banner.png': [512, 249] };
    vi.stubGlobal('createImageBitmap', async (file: File) => ({ width: sizes[file.name]![0], height: sizes[file.name]![1], close: () => undefined }));
    try {
      renderAdmin({ path: '/create-institution', session: staffSession('SUPER ADMIN'), fetch: server([]).fetch });
      const form = await screen.findByRole('form', { name: 'Basic Info' });
      expect(within(form).getByText(/^A square logo, at least 200 x 200 pixels/)).toBeInTheDocument();
      expect(within(form).getByText(/^1125 x 796 pixels/)).toBeInTheDocument();
      expect(within(form).getByText(/^1024 x 498 pixels/)).toBeInTheDocument();
      const [logo, thumbnail, banner] = [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')];
      const choose = (input: HTMLInputElement, name: string) => fireEvent.change(input, { target: { files: [new File(['png'], name, { type: 'image/png' })] } });
      choose(logo!, 'wide-logo.png');
      expect(await within(form).findByText('The logo should be square, at least 200 x 200 pixels; this picture is 400 x 200.')).toBeInTheDocument();
      choose(banner!, 'small-banner.png');
      expect(await within(form).findByText('The banner should be 1024 x 498 pixels or larger in that shape; this picture is 512 x 249.')).toBeInTheDocument();
      choose(thumbnail!, 'thumb.png');
      expect(await within(form).findByText(/Chosen: thumb\.png/)).toBeInTheDocument();
      expect(within(form).queryByText(/^The thumbnail should be/)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('checks the name and e-mail address against other partners when left', async () => {
    const fake = server([]);
    const { user } = renderAdmin({ path: '/create-institution', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const form = await screen.findByRole('form', { name: 'Basic Info' });
    await user.type(within(form).getByRole('textbox', { name: /^Partner Name/ }), 'unilag');
    await user.tab();
    expect(await within(form).findByText('Name already exist')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'taken@demo.ng');
    await user.tab();
    expect(await within(form).findByText('Email already exist')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path.endsWith('QueryInstitution')).map((r) => r.query)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'unilag' }), expect.objectContaining({ email: 'taken@demo.ng' })]),
    );
  });
});
