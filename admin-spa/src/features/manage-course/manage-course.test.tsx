import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CourseStatistics, ManageCourseCard, ManageCourseDetail } from '@rivet/shared/api/manage-course';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { dayLabel, moduleCount } from './course-detail-page';
import { courseStatus } from './manage-course-page';

// jsdom has no canvas: the chart stands in as its labels (the real one is looked at in the e2e story).
vi.mock('../../components/bar-chart', () => ({ default: ({ bars }: { bars: { label: string }[] }) => <div data-testid="chart">{bars.map((d) => d.label).join(' ')}</div> }));

const COURSE = '/api/Course';
const LONG = 'Bookkeeping for Market Traders: Ledgers, Stock and Cash Flow in Practice for Beginners';

const card = (patch: Partial<ManageCourseCard> = {}): ManageCourseCard => ({
  courseId: 51, title: 'Spreadsheets for Small Business', description: 'Keep the books of a small shop in a spreadsheet.', modules: 3, duration: 95, courseLevel: 1, courseLevelName: 'Beginner',
  isPaid: true, coursePrice: 11_015.23, courseThumbNailUrl: null, institutionId: 2, institution: 'University of Lagos', draft: false, approvalStatus: 2, isActive: true, publishDate: '2026-03-12T09:00:00.000Z', revision: null, ...patch,
});
const page = (items: ManageCourseCard[]) => ok({ items, totalRows: items.length, page: 1, pageSize: 200 });
const detail = (patch: Partial<ManageCourseDetail> = {}): ManageCourseDetail => ({ ...card(), courseCategoryName: 'Digital Skills', ...patch });
const stats: CourseStatistics = {
  totalRevenue: 77_000.5, totalStudent: 12, activeStudent: 5, monthlyView: 40, weeklyView: 9,
  weeklyViewStat: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((key, i) => ({ key, value: i === 6 ? 4 : 1 - (i % 2), date: `2026-11-${16 + i}` })),
};

describe('Manage Courses', () => {
  it('shows the banner, the drafts with Continue and the published grid with Explore', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/ManageCourses`]: (req) =>
        new URL(req.url).searchParams.get('draft') === 'true'
          ? page([card({ courseId: 60, title: 'Draft Bookkeeping', draft: true, approvalStatus: 1, publishDate: null, modules: 1, courseLevel: null, courseLevelName: '' })])
          : page([card(), card({ courseId: 52, title: LONG, isPaid: false, coursePrice: 0, isActive: false })]),
    });
    const { user } = renderAdmin({ path: '/manage-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Courses' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Course' })).toHaveAttribute('href', '/create-course');

    const drafts = await screen.findByRole('list', { name: 'Draft Courses' });
    expect(within(drafts).getByRole('link', { name: 'Continue: Draft Bookkeeping' })).toHaveAttribute('href', '/create-course?courseId=60');
    expect(within(drafts).getByText('Draft')).toBeInTheDocument();

    const published = await screen.findByRole('list', { name: 'Published Courses' });
    const cards = within(published).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('₦11,015.23')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('University of Lagos')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('1 hr 35 mins')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Beginner')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Explore: Spreadsheets for Small Business' })).toHaveAttribute('href', '/explore-course?courseId=51');
    // §2.8: a title over 60 characters is cut, the whole of it in a tooltip.
    const long = within(cards[1]!).getByRole('heading', { name: LONG });
    expect(long.textContent!.endsWith('…')).toBe(true);
    expect(long).toHaveAttribute('title', LONG);
    expect(within(cards[1]!).getByText('Free')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Deactivated')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' Spread ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.requests.filter((r) => r.path.endsWith('ManageCourses')).at(-1)!.query).toMatchObject({ search: 'Spread' }));
  });

  it('marks a published course whose update awaits approval, or was sent back, and nothing for one being written', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/ManageCourses`]: (req) =>
        new URL(req.url).searchParams.get('draft') === 'true'
          ? page([])
          : page([
              card({ courseId: 51, revision: { courseId: 90, status: 'awaitingApproval' } }),
              card({ courseId: 52, title: 'Bookkeeping Basics', revision: { courseId: 91, status: 'rejected' } }),
              card({ courseId: 53, title: 'Stock Taking', revision: { courseId: 92, status: 'draft' } }),
              card({ courseId: 54, title: 'Cash Flow' }),
            ]),
    });
    renderAdmin({ path: '/manage-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    const cards = within(await screen.findByRole('list', { name: 'Published Courses' })).getAllByRole('article');
    const waiting = within(cards[0]!).getByText(/^Update Awaiting Approval/);
    expect(waiting).toHaveAttribute('title', 'Update #90 is being reviewed: learners see this version until it is approved.');
    // The course itself stays published: learners keep it meanwhile.
    expect(within(cards[0]!).getByText('Published')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/^Update Rejected/)).toHaveAttribute('title', expect.stringContaining('Update #91 was sent back'));
    for (const quiet of [cards[2]!, cards[3]!]) expect(within(quiet).queryByText(/^Update /)).not.toBeInTheDocument();
  });

  it('narrows the published grid to programs with See All Programs, kept in the address, and back with See All Courses', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/ManageCourses`]: (req) => {
        const query = new URL(req.url).searchParams;
        if (query.get('draft') === 'true') return page([card({ courseId: 60, title: 'Draft Bookkeeping', draft: true })]);
        return query.get('programs') === 'true' ? page([card({ courseId: 70, title: 'Featured Bookkeeping' })]) : page([card()]);
      },
    });
    const { user, router } = renderAdmin({ path: '/manage-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    await screen.findByRole('list', { name: 'Published Courses' });
    await user.click(screen.getByRole('link', { name: 'See All Programs' }));
    const programs = await screen.findByRole('list', { name: 'Programs' });
    expect(within(programs).getByRole('link', { name: 'Explore: Featured Bookkeeping' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?programs');
    expect(server.requests.filter((r) => r.path.endsWith('ManageCourses')).at(-1)!.query).toMatchObject({ draft: 'false', programs: 'true' });
    // Programs are published courses: the drafts are not shown with them.
    expect(screen.queryByRole('list', { name: 'Draft Courses' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See All Courses' }));
    expect(await screen.findByRole('list', { name: 'Published Courses' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('list', { name: 'Draft Courses' })).toBeInTheDocument();
  }, 15_000);

  it('leaves Create New Course out for staff who may not create courses, says when a list is empty and when it is cut', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/ManageCourses`]: (req) => (new URL(req.url).searchParams.get('draft') === 'true' ? page([]) : ok({ items: [card()], totalRows: 250, page: 1, pageSize: 200 })),
    });
    renderAdmin({ path: '/manage-course', session: staffSession('RIVET ADMIN', { permissions: ['approvecourse'] }), fetch: server.fetch });
    expect(await screen.findByText('No draft course.')).toBeInTheDocument();
    expect(await screen.findByText('Showing the newest 1 of 250: search by title to find the others.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Course' })).not.toBeInTheDocument();
  });
});

describe('the admin course detail', () => {
  it('shows the course, its statistics and the weekly views as a chart and a table; deactivates and activates it', async () => {
    let active = true;
    const server = fakeFetch({
      [`GET ${COURSE}/Course/Manage/51`]: () => ok(detail({ isActive: active })),
      [`GET ${COURSE}/Course/Statistics/51`]: () => ok(stats),
      [`POST ${COURSE}/Course/Toggle/51`]: () => {
        active = !active;
        return ok({ courseId: 51, isActive: active }, active ? 'Course Activated successfully' : 'Course Deactivated successfully');
      },
    });
    const { user } = renderAdmin({ path: '/explore-course?courseId=51', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spreadsheets for Small Business' })).toBeInTheDocument();
    expect(screen.getByText('University of Lagos')).toBeInTheDocument();
    expect(screen.getByText('3 Modules')).toBeInTheDocument();
    expect(screen.getByText('1 hr 35 mins')).toBeInTheDocument();
    expect(screen.getByText('12 March 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/course-preview/51');

    const figures = await screen.findByRole('table', { name: 'Views in the last seven days' });
    expect(within(figures).getAllByRole('row')).toHaveLength(8);
    expect(within(figures).getByRole('row', { name: 'Sunday 2026-11-22 4' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('Mon Tue Wed Thu Fri Sat Sun');
    const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(term('Total Revenue')).toBe('₦77,000.50');
    expect(screen.getByText('1 hr 35 mins')).toBeInTheDocument();
    expect(term('Total Students')).toBe('12');
    expect(term('Active Students')).toBe('5');
    expect(term('Monthly Views')).toBe('40');
    expect(term('Weekly Views')).toBe('9');

    await user.click(screen.getByRole('button', { name: 'Deactivate course' }));
    expect(await screen.findByText('Course Deactivated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate course' })).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate course' }));
    expect(await screen.findByText('Course Activated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deactivate course' })).toBeInTheDocument();
  });

  it('says “Action could not be completed” when the toggle fails', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/Manage/51`]: () => ok(detail()),
      [`GET ${COURSE}/Course/Statistics/51`]: () => ok(stats),
      [`POST ${COURSE}/Course/Toggle/51`]: () => fail(500, 'Something went wrong'),
    });
    const { user } = renderAdmin({ path: '/explore-course?courseId=51', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    await user.click(await screen.findByRole('button', { name: 'Deactivate course' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Action could not be completed')).toBeInTheDocument();
  });

  it('opens a published course’s revision in the wizard on Update (decision 048)', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/Manage/51`]: () => ok(detail()),
      [`GET ${COURSE}/Course/Statistics/51`]: () => ok(stats),
      [`GET ${COURSE}/Course/Update/Check/51`]: () => ok({ courseId: 51, canEdit: true, stage: 'published', approvalStatus: 2, stepNo: 5, message: null, revisionId: null }),
      [`POST ${COURSE}/Course/Revision/51`]: () => ok({ courseId: 90, revisionOfCourseId: 51, created: true, stepNo: 5 }),
    });
    const { user, router } = renderAdmin({ path: '/explore-course?courseId=51', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/create-course?courseId=90'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${COURSE}/Course/Revision/51`]);
  });

  it('answers Update with the spec’s Awaiting Approval dialog while an earlier update waits, and changes nothing', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/Manage/51`]: () => ok(detail()),
      [`GET ${COURSE}/Course/Statistics/51`]: () => ok(stats),
      [`GET ${COURSE}/Course/Update/Check/51`]: () => ok({ courseId: 51, canEdit: false, stage: 'published', approvalStatus: 2, stepNo: 5, message: 'Awaiting Approval', revisionId: 90 }),
    });
    const { user } = renderAdmin({ path: '/explore-course?courseId=51', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Awaiting Approval' });
    expect(within(dialog).getByText('This course cannot be updated now because previous updates are being reviewed.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('shows a course it cannot find, or a bad id, as not found', async () => {
    const server = fakeFetch({ [`GET ${COURSE}/Course/Manage/77`]: () => fail(404, 'Course not found') });
    renderAdmin({ path: '/explore-course?courseId=77', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Manage Courses' })).toHaveAttribute('href', '/manage-course');
  });

  it('formats module counts, day keys and statuses', () => {
    expect([moduleCount(1), moduleCount(2), moduleCount(0)]).toEqual(['1 Module', '2 Modules', '0 Modules']);
    expect(dayLabel('Wednesday')).toBe('Wed');
    expect(courseStatus({ draft: false, approvalStatus: 4, isActive: true, publishDate: null })).toBe('Awaiting QA');
    expect(courseStatus({ draft: false, approvalStatus: 1, isActive: true, publishDate: null })).toBe('Awaiting Approval');
    expect(courseStatus({ draft: true, approvalStatus: 1, isActive: false, publishDate: null })).toBe('Draft');
    expect(courseStatus({ draft: false, approvalStatus: 2, isActive: true, publishDate: '2026-12-01T00:00:00Z' }, new Date('2026-11-24T00:00:00Z'))).toBe('Scheduled');
    expect(courseStatus({ draft: false, approvalStatus: 2, isActive: true, publishDate: '2026-03-01T00:00:00Z' }, new Date('2026-11-24T00:00:00Z'))).toBe('Published');
  });
});
