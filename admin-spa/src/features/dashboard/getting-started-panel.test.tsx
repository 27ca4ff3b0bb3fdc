import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GettingStarted } from '@rivet/shared/api/getting-started';
import type { PartnerDetail } from '@rivet/shared/api/partners';
import { setupChecklist } from '@rivet/shared/domain/getting-started';
import { visibleSidebar } from '@rivet/shared/domain/permissions';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { isBuilt } from '../../screens';
import { INSTRUCTORS_PATH } from '../../components/getting-started-panel';

vi.mock('../../components/bar-chart', () => ({ default: () => <div data-testid="chart" /> }));

const COURSE = '/api/Course/Course';
const GETTING_STARTED = 'GET /api/Institution/Institution/GettingStarted';

function status(patch: Partial<GettingStarted> = {}): GettingStarted {
  const facts = { instructors: 0, signatories: 0, approvers: 0, workflows: 0, stuckWorkflows: [] as string[], settlement: false, revenueFormulas: 0, ...patch };
  const items = setupChecklist(facts);
  return {
    institutionId: 7,
    institutionName: 'Lagos Business School',
    isActive: true,
    publishedCourses: 0,
    platformSignatories: 0,
    platformName: 'Rivet Learning Platform',
    bankName: null,
    ...facts,
    ...patch,
    items,
    complete: items.every((i) => i.done),
  };
}
const COMPLETE = { instructors: 2, signatories: 1, approvers: 2, workflows: 1, settlement: true, bankName: 'Access Bank', revenueFormulas: 1 };

function server(answer: () => ReturnType<typeof ok>) {
  return fakeFetch({
    [`GET ${COURSE}/FetchMonthlyEnrollmentStatistics`]: () => ok([]),
    [`GET ${COURSE}/GetInstitutionCourseStatistic`]: () => ok({ activeCourses: 0, pendingCourseApproval: 0 }),
    [`GET ${COURSE}/DashboardStats`]: () => ok({ totalRevenue: 0, totalStudent: 0, activeStudent: 0 }),
    [`GET ${COURSE}/UpdateHistory`]: () => ok([]),
    [`GET /api/Report/Report/GetCourseInsights`]: () => ok({ items: [], totalRows: 0 }),
    [GETTING_STARTED]: answer,
  });
}

const item = (panel: HTMLElement, title: string) => within(panel).getByText(title, { exact: false, selector: '.getting-started__item-title' }).closest('li')!;

describe('Getting started on the dashboard', () => {
  it('lists what an empty partner lacks, each with the screen that fixes it or who must act', async () => {
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: server(() => ok(status())).fetch });
    const panel = await screen.findByRole('region', { name: 'Getting started' }, { timeout: 5000 });
    expect(within(panel).getByText('What is still missing before your first course can be published.')).toBeInTheDocument();
    expect(within(panel).getByText('0 of 5 done')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);

    const instructors = item(panel, 'Add an instructor');
    const admin = staffSession('INSTITUTION ADMIN');
    const sidebar = visibleSidebar(admin).flatMap((i) => [i.path, ...(i.children ?? []).map((c) => c.path)]);
    if (isBuilt(INSTRUCTORS_PATH) && sidebar.includes(INSTRUCTORS_PATH)) {
      expect(within(instructors).getByRole('link', { name: 'Open Instructors' })).toHaveAttribute('href', INSTRUCTORS_PATH);
    } else {
      // Until Settings › Instructors is in this build, the item says who can help instead of a dead link.
      expect(within(instructors).queryByRole('link')).toBeNull();
    }

    const signatory = item(panel, 'Add a certificate signatory');
    expect(signatory).toHaveTextContent('carry only Rivet Learning Platform’s typed name, no signature');
    expect(within(signatory).getByRole('link', { name: 'Open Certificate Settings' })).toHaveAttribute('href', '/configuration/certificate-settings?partner=7');

    const approval = item(panel, 'Give someone Approve Course');
    expect(within(approval).getByRole('link', { name: 'Open Manage User' })).toHaveAttribute('href', '/manage-user');

    // Settlement details and the formula are the platform's to set: no link, a clear state.
    for (const title of ['Settlement account', 'Revenue formula']) {
      const waiting = item(panel, title);
      expect(waiting).toHaveTextContent('Waiting for the platform');
      expect(within(waiting).queryByRole('link')).toBeNull();
    }
  });

  it('shows the default single approval as done, and the platform signing meanwhile', async () => {
    const answer = status({ instructors: 1, approvers: 1, platformSignatories: 2, settlement: true, bankName: 'Access Bank' });
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: server(() => ok(answer)).fetch });
    const panel = await screen.findByRole('region', { name: 'Getting started' }, { timeout: 5000 });
    expect(within(panel).getByText('3 of 5 done')).toBeInTheDocument();
    const approval = item(panel, 'Approval');
    expect(approval).toHaveTextContent('Done');
    expect(approval).toHaveTextContent('Default: one approval by any of your approvers (1 staff member can approve).');
    expect(within(approval).getByRole('link', { name: 'Set up a workflow' })).toHaveAttribute('href', '/configuration/manage-workflow');
    expect(item(panel, 'Add a certificate signatory')).toHaveTextContent('signed by Rivet Learning Platform on your behalf');
    expect(item(panel, 'Settlement account')).toHaveTextContent('Sales are paid into the account at Access Bank.');
  });

  it('names a workflow nobody can clear any more, and says so after the first course too', async () => {
    const answer = status({ ...COMPLETE, stuckWorkflows: ['Two Signers'], publishedCourses: 3 });
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: server(() => ok(answer)).fetch });
    const panel = await screen.findByRole('region', { name: 'Your partner setup needs attention' }, { timeout: 5000 });
    expect(within(panel).getByText('4 of 5 done')).toBeInTheDocument();
    const approval = item(panel, 'Fix an approval workflow');
    expect(approval).toHaveTextContent('“Two Signers”: a level has fewer users who can still approve than it needs');
    expect(within(approval).getByRole('link', { name: 'Open Approval Settings' })).toBeInTheDocument();
  });

  it('disappears once everything is done', async () => {
    const fake = server(() => ok(status(COMPLETE)));
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: fake.fetch });
    await screen.findByRole('heading', { name: 'Welcome back, Ada' }, { timeout: 5000 });
    await vi.waitFor(() => expect(fake.requests.some((r) => r.path.endsWith('/GettingStarted'))).toBe(true));
    // Let the answer arrive and render.
    await screen.findByRole('region', { name: 'Stats' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: /Getting started|needs attention/ })).toBeNull();
  });

  it('is not on platform staff’s dashboard, which never asks for it', async () => {
    const fake = server(() => ok(status()));
    renderAdmin({ path: '/dashboard', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await screen.findByRole('region', { name: 'Stats' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    expect(fake.requests.some((r) => r.path.endsWith('/GettingStarted'))).toBe(false);
  });

  it('sends a partner’s report user, who cannot open the screens, to their partner admin', async () => {
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION REPORT'), fetch: server(() => ok(status())).fetch });
    const panel = await screen.findByRole('region', { name: 'Getting started' }, { timeout: 5000 });
    expect(within(item(panel, 'Add a certificate signatory')).queryByRole('link')).toBeNull();
    expect(item(panel, 'Add a certificate signatory')).toHaveTextContent('Ask your partner admin');
  });

  it('shows platform staff the partner’s checklist in its detail modal, with the screens only they can open', async () => {
    const detail: PartnerDetail = {
      id: 7, name: 'LBS', fullName: 'Lagos Business School', code: 'LBS', institutionType: 3, email: 'exec@lbs.demo.ng', phoneNumber: '08023456789', website: 'https://lbs.edu.ng',
      address: 'Ajah, Lagos', country: 'NG', countryName: 'Nigeria', overView: 'Executive education.', logoUrl: null, thumbnailUrl: null, bannerUrl: null, certificateLogoUrl: null,
      isActive: true, dateCreated: '2026-01-01T00:00:00.000Z', bankId: null, bankName: null, accountNumber: null,
    };
    const fake = fakeFetch({
      'GET /api/Institution/Institution/Partners': () => ok({ items: [detail], totalRows: 1 }),
      'GET /api/Institution/Institution/GetInstitution': () => ok(detail),
      'GET /api/Authentication/Account/Admin/GetAdminUsers': () => ok([]),
      [GETTING_STARTED]: () => ok(status({ instructors: 1, signatories: 1, approvers: 1 })),
    });
    const { user } = renderAdmin({ path: '/manage-partners', session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: /Lagos Business School, Active/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    const panel = await within(dialog).findByRole('region', { name: 'Getting started' });
    expect(within(panel).getByText('What is still missing before Lagos Business School’s first course can be published.')).toBeInTheDocument();
    expect(within(item(panel, 'Add settlement details')).getByRole('link', { name: 'Update Partner' })).toHaveAttribute('href', '/Institution/Update/7');
    expect(within(item(panel, 'Create a revenue formula')).getByRole('link', { name: 'Open Revenue' })).toHaveAttribute('href', '/revenue');
    expect(within(panel).queryByText('Waiting for the platform')).toBeNull();
    expect(fake.requests.find((r) => r.path.endsWith('/GettingStarted'))!.query).toEqual({ institutionId: '7' });
  });
});
