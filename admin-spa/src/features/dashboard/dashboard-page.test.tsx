import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UpdateHistoryGroup } from '@rivet/shared/api/dashboard';
import type { CourseInsightRow } from '@rivet/shared/api/course-insights';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

// jsdom has no canvas: the chart stands in as its labels (the real one is looked at in the e2e story).
vi.mock('../../components/bar-chart', () => ({ default: ({ bars }: { bars: { label: string }[] }) => <div data-testid="chart">{bars.map((d) => d.label).join(' ')}</div> }));

const COURSE = '/api/Course/Course';
const REPORT = '/api/Report/Report';
const never = () => new Promise<never>(() => {});

function detail(term: string) {
  const card = screen.getByRole('region', { name: /Welcome back/ });
  const dt = within(card).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const months = ['Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'].map((key, i) => ({ month: `${i === 0 ? 2025 : 2026}-${String(i === 0 ? 12 : i).padStart(2, '0')}`, key, value: i === 11 ? 4 : i % 2 }));
const insight = (patch: Partial<CourseInsightRow> = {}): CourseInsightRow => ({
  sno: 1, courseId: 51, institution: 'LBS', courseName: 'Spreadsheets for Small Business', noOfEnrolledUser: 12, totalRevenue: 129_000, totalDiscount: 1_000,
  partnerRevenue: 36_000, institutionRevenue: 84_000, totalVat: 6_000, totalGatewayCharge: 3_000, ...patch,
});
const updates: UpdateHistoryGroup[] = [
  { date: '2026-11-21', userName: 'ada.author', courseId: 51, courseTitle: 'Spreadsheets for Small Business', currentUpdates: [
    { description: 'Completed the curriculum of course 51', time: '2026-11-21T09:00:00.000Z', section: 2 },
    { description: 'Updated the basic setup of course 51', time: '2026-11-21T08:00:00.000Z', section: 0 },
  ] },
  { date: '2026-11-20', userName: 'bola.reviewer', courseId: 52, courseTitle: 'Market Bookkeeping', currentUpdates: [{ description: 'Approved course 52', time: '2026-11-20T10:00:00.000Z', section: 5 }] },
];

function dashboardServer(overrides: Record<string, () => any> = {}) {
  return fakeFetch({
    [`GET ${COURSE}/FetchMonthlyEnrollmentStatistics`]: () => ok(months),
    [`GET ${COURSE}/GetInstitutionCourseStatistic`]: () => ok({ activeCourses: 7, pendingCourseApproval: 2 }),
    [`GET ${COURSE}/DashboardStats`]: () => ok({ totalRevenue: 84_000.5, totalStudent: 1_250, activeStudent: 310 }),
    [`GET ${COURSE}/UpdateHistory`]: () => ok(updates),
    [`GET ${REPORT}/GetCourseInsights`]: () => ok({ items: [insight()], totalRows: 1 }),
    ...overrides,
  });
}

describe('dashboard', () => {
  it('welcomes a partner admin with names, role and partner code, and offers Create Course for createCourse', async () => {
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: dashboardServer().fetch });
    // The route's chunk loads first: on a busy machine that can take a while.
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' }, { timeout: 5000 })).toBeInTheDocument();
    expect(detail('First name')).toBe('Ada');
    expect(detail('Last name')).toBe('Obi');
    expect(detail('Role')).toBe('INSTITUTION ADMIN');
    expect(detail('Partner code')).toBe('LBS');
    expect(screen.getByRole('link', { name: 'Create Course' })).toHaveAttribute('href', '/create-course');
  });

  it('shows N/A for a missing partner code and no Create Course banner without createCourse', async () => {
    renderAdmin({ path: '/dashboard', session: staffSession('RIVET REPORT'), fetch: dashboardServer().fetch });
    await screen.findByRole('heading', { name: 'Welcome back, Ada' }, { timeout: 5000 });
    expect(detail('Partner code')).toBe('N/A');
    expect(screen.queryByRole('link', { name: 'Create Course' })).toBeNull();
  });

  it('says “Fetching statistics...” and “Fetching updates...” while they load', async () => {
    const server = dashboardServer({ [`GET ${COURSE}/DashboardStats`]: never, [`GET ${COURSE}/UpdateHistory`]: never });
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByText('Fetching statistics...')).toBeInTheDocument();
    expect(screen.getByText('Fetching updates...')).toBeInTheDocument();
  });

  it('fills the Stats panel, the course cards and the chart with a table for screen readers', async () => {
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: dashboardServer().fetch });
    const stats = await screen.findByRole('region', { name: 'Stats' });
    expect(await within(stats).findByText('₦84,000.50')).toBeInTheDocument();
    expect(figure('Total Revenue')).toBe('₦84,000.50');
    expect(figure('Total Student')).toBe('1,250');
    expect(figure('Active Student')).toBe('310');
    expect(screen.queryByText('Fetching statistics...')).toBeNull();
    expect(figure('Active Courses')).toBe('7');
    expect(figure('Pending Course Approval')).toBe('2');
    expect(await screen.findByTestId('chart')).toHaveTextContent('Dec Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov');
    const table = screen.getByRole('table', { name: 'Enrolments in the last twelve months' });
    expect(within(table).getByRole('rowheader', { name: 'November 2026' }).nextElementSibling).toHaveTextContent('4');
  });

  it('shows N/A on the course cards when the figures are missing', async () => {
    const server = dashboardServer({ [`GET ${COURSE}/GetInstitutionCourseStatistic`]: () => ok({ activeCourses: null, pendingCourseApproval: 3 }) });
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByText('3', { selector: 'dd' })).toBeInTheDocument();
    expect(figure('Active Courses')).toBe('N/A');
  });

  it('shows N/A on both course cards when the call fails', async () => {
    const failing = dashboardServer({ [`GET ${COURSE}/GetInstitutionCourseStatistic`]: () => fail(500, 'Server error') });
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: failing.fetch });
    await vi.waitFor(() => expect(figure('Pending Course Approval')).toBe('N/A'));
    expect(figure('Active Courses')).toBe('N/A');
  });

  it('What’s New lists groups by date with their count, user and course, expanding to items', async () => {
    const { user } = renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: dashboardServer().fetch });
    const news = await screen.findByRole('region', { name: 'What’s New'.replace('’', "'") });
    const trigger = await within(news).findByRole('button', { name: /2 updates\s*ada.author modified Spreadsheets for Small Business/ });
    expect(within(news).getByRole('button', { name: /1 update\s*bola.reviewer modified Market Bookkeeping/ })).toBeInTheDocument();
    expect(within(news).getByText('Completed the curriculum of course 51')).not.toBeVisible();
    await user.click(trigger);
    expect(within(news).getByText('Completed the curriculum of course 51')).toBeVisible();
    expect(within(news).getByText('Curriculum:')).toBeInTheDocument();
  });

  it('says “No current updates” when nothing changed', async () => {
    renderAdmin({ path: '/dashboard', session: staffSession('INSTITUTION ADMIN'), fetch: dashboardServer({ [`GET ${COURSE}/UpdateHistory`]: () => ok([]) }).fetch });
    expect(await screen.findByText('No current updates')).toBeInTheDocument();
  });

  it('lists Course Insights with “Search Course” and a View link; platform staff see the partner', async () => {
    const server = dashboardServer();
    const { user } = renderAdmin({ path: '/dashboard', session: staffSession('RIVET REPORT'), fetch: server.fetch });
    const table = await screen.findByRole('grid', { name: 'Course Insights' });
    expect(await within(table).findByRole('rowheader', { name: 'Spreadsheets for Small Business' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'PARTNER' })).toBeInTheDocument();
    expect(within(table).getByText('₦129,000')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View enrolled students of Spreadsheets for Small Business' })).toHaveAttribute('href', '/report/managestudent/51');
    await user.type(screen.getByRole('searchbox', { name: 'Search Course' }), 'spread');
    await vi.waitFor(() => expect(server.requests.some((r) => r.path.endsWith('GetCourseInsights') && r.query.Search === 'spread')).toBe(true), { timeout: 2000 });
  });
});
