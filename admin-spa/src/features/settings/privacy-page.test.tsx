import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PRIVACY_MESSAGES, type DataRequest, type PrivacySettings } from '@rivet/shared/api/privacy';
import { fail, fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Configuration/Privacy';
const PATH = '/settings/privacy';

function server(extra: FakeRoutes = {}) {
  const settings: PrivacySettings = {
    signInRecordsDays: 365,
    resetLinksDays: 1,
    emailCopiesDays: 90,
    contact: { name: null, email: null, phone: null, address: null },
    updatedAt: '2026-11-30T09:00:00.000Z',
    updatedBy: null,
  };
  const requests: DataRequest[] = Array.from({ length: 12 }, (_, i) => ({
    id: 12 - i,
    kind: i % 3 === 0 ? 2 : 1,
    subject: i === 0 ? 'g***@gmail.com' : `l***@demo${i}.ng`,
    status: i === 1 ? 2 : 1,
    requestedAt: new Date(Date.UTC(2026, 10, 30 - i, 10)).toISOString(),
    completedAt: i === 1 ? null : new Date(Date.UTC(2026, 10, 30 - i, 10)).toISOString(),
  }));
  return fakeFetch({
    [`GET ${API}/Settings`]: () => ok(settings),
    [`PUT ${API}/Settings`]: async (req) => {
      const body = (await req.json()) as Record<string, string | number>;
      Object.assign(settings, {
        signInRecordsDays: body.signInRecordsDays,
        resetLinksDays: body.resetLinksDays,
        emailCopiesDays: body.emailCopiesDays,
        contact: { name: body.contactName || null, email: body.contactEmail || null, phone: body.contactPhone || null, address: body.contactAddress || null },
        updatedAt: '2026-12-01T09:00:00.000Z',
        updatedBy: 'Ada Obi',
      });
      return ok(settings, PRIVACY_MESSAGES.updated);
    },
    [`GET ${API}/DataRequests`]: (req) => {
      const q = new URL(req.url).searchParams;
      const kind = Number(q.get('kind'));
      const page = Number(q.get('page'));
      const size = Number(q.get('pageSize'));
      const matching = requests.filter((r) => !kind || r.kind === kind);
      return ok({ items: matching.slice((page - 1) * size, page * size), totalRows: matching.length });
    },
    ...extra,
  });
}

describe('Privacy & Settings', () => {
  it('shows the retention periods and the contact fallback, and saves changes with the success message', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy & Settings' })).toBeInTheDocument();
    const signIns = await screen.findByRole('textbox', { name: 'Sign-in records' });
    expect(signIns).toHaveValue('365');
    expect(screen.getByText(/names the Data Protection Officer at privacy@rivet.ng/)).toBeInTheDocument();

    await user.clear(signIns);
    await user.type(signIns, '180');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ngozi Adeyemi');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dpo@rivet.ng');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.updated)).toBeInTheDocument();
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ signInRecordsDays: 180, resetLinksDays: 1, emailCopiesDays: 90, contactName: 'Ngozi Adeyemi', contactEmail: 'dpo@rivet.ng' });
    expect(await screen.findByText(/by Ada Obi/)).toBeInTheDocument();
  });

  it('shows the bound’s message under a period out of range and a contact without an e-mail, and sends nothing', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const resets = await screen.findByRole('textbox', { name: 'Spent reset links' });
    await user.clear(resets);
    await user.type(resets, '0');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ngozi Adeyemi');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(PRIVACY_MESSAGES.range('resetLinksDays'))).toBeInTheDocument();
    expect(screen.getByText(PRIVACY_MESSAGES.contactNameNeeded)).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal when saving fails', async () => {
    const fake = server({ [`PUT ${API}/Settings`]: () => fail(403, PRIVACY_MESSAGES.platformOnly) });
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await screen.findByRole('textbox', { name: 'Sign-in records' });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PRIVACY_MESSAGES.platformOnly);
  });

  it('lists learners’ data requests with dates, kind, masked learner and status, filtered and paged', async () => {
    const fake = server();
    const { user } = renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    const table = await screen.findByRole('grid', { name: 'Learners’ data requests' });
    const rowOf = (subject: string) => within(table).getAllByRole('row').find((r) => r.textContent?.includes(subject));
    await waitFor(() => expect(rowOf('g***@gmail.com')).toBeDefined());
    expect(rowOf('g***@gmail.com')).toHaveTextContent(/30 Nov 2026.*Account deletion.*Completed/);
    expect(rowOf('l***@demo1.ng')).toHaveTextContent(/Data export.*Failed/);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Request type/ }));
    await user.click(await screen.findByRole('option', { name: 'Account deletions' }));
    await waitFor(() => expect(fake.requests.at(-1)?.query).toMatchObject({ kind: '2', page: '1' }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).every((r) => r.textContent?.includes('Account deletion'))).toBe(true));
  });

  it('shows a partner admin the settings read-only, without Save, and no learners’ requests', async () => {
    const fake = server();
    renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    const signIns = await screen.findByRole('textbox', { name: 'Sign-in records' });
    expect(signIns).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.getByText(`${PRIVACY_MESSAGES.requestsPlatformOnly}.`)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(fake.requests.some((r) => r.path.endsWith('/DataRequests'))).toBe(false);
  });
});
