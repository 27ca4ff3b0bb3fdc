import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApprovalCourse } from '@rivet/shared/api/course-approval';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

const COURSE = '/api/Course';
const WORKFLOW = '/api/Workflow';
const LONG = 'Bookkeeping for Market Traders: Ledgers, Stock and Cash Flow in Practice for Beginners';

const card = (patch: Partial<ApprovalCourse> = {}): ApprovalCourse => ({
  courseId: 41, title: 'Spreadsheets for Small Business', description: 'Keep the books of a small shop in a spreadsheet.', modules: 3, duration: 95, courseLevel: 1, courseLevelName: 'Beginner',
  courseCategoryId: 3, courseCategoryName: 'Digital Skills', institutionId: 2, institution: 'UNILAG', courseThumbNailUrl: null, publishDate: null, submittedAt: '2026-03-10T12:00:00.000Z',
  isPaid: true, coursePrice: 11_015.23, approvalStatus: 1, reviewLevel: 0, comment: null, canReview: true, ...patch,
});
const page = (items: ApprovalCourse[]) => ok({ items, totalRows: items.length, page: 1, pageSize: 1000 });
const categories = () => ok({ items: [{ id: 3, name: 'Digital Skills', code: 'DIGITAL', isActive: true }], totalRows: 1 });

describe('Approve course', () => {
  it('shows a partner approver the pending courses as cards, filters on Search, and switches tabs', async () => {
    const server = fakeFetch({
      [`POST ${WORKFLOW}/CourseApproval/Pending/Search`]: () => page([card(), card({ courseId: 42, title: LONG, canReview: false, isPaid: false, coursePrice: 0, revisionOfCourseId: 7 })]),
      [`GET ${COURSE}/Course/InstitutionApprovedCourses`]: () => page([card({ courseId: 43, approvalStatus: 2, publishDate: '2026-03-12T09:00:00.000Z' })]),
      [`GET ${COURSE}/Course/InstitutionRejectedCourses`]: () => page([card({ courseId: 44, approvalStatus: 3, comment: 'Objectives need outcomes.' })]),
      [`GET ${COURSE}/CourseCategory/List`]: categories,
    });
    const { user } = renderAdmin({ path: '/approve-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Approve course' })).toBeInTheDocument();
    const pending = await screen.findByRole('list', { name: 'Pending Courses' });
    const cards = within(pending).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('#41')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('₦11,015.23')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('1 hr 35 mins')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Review Course: Spreadsheets for Small Business' })).toHaveAttribute('href', '/approve-course?courseReview=true&courseId=41');
    // §9: titles over 60 characters are cut, the whole title in a tooltip.
    const long = within(cards[1]!).getByRole('heading', { name: LONG });
    expect(long.textContent!.endsWith('…')).toBe(true);
    expect(long).toHaveAttribute('title', LONG);
    expect(within(cards[1]!).getByText('Free')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Waiting for another reviewer')).toBeInTheDocument();
    // An update of a published course is marked as one (decision 048); a new course is not.
    expect(within(cards[1]!).getByText('Update of #7')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText(/Update of/)).toBeNull();
    expect(server.requests.find((r) => r.path.endsWith('Pending/Search'))!.body).toMatchObject({ status: 1, search: '' });

    // Filters apply when Search is pressed.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '  Spread ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.requests.filter((r) => r.path.endsWith('Pending/Search')).at(-1)!.body).toMatchObject({ search: 'Spread', status: 1 }));

    await user.click(screen.getByRole('tab', { name: 'Rejected Courses' }));
    const rejected = await screen.findByRole('list', { name: 'Rejected Courses' });
    expect(within(rejected).getByText('Objectives need outcomes.')).toBeInTheDocument();
    expect(within(rejected).getByRole('link', { name: /^View Course/ })).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('InstitutionRejectedCourses'))!.query).toMatchObject({ courseTitle: 'Spread' });

    await user.click(screen.getByRole('tab', { name: 'Approved Courses' }));
    const approved = await screen.findByRole('list', { name: 'Approved Courses' });
    expect(within(approved).getByText('Published')).toBeInTheDocument();
  });

  it('gives QA reviewers the QA title and the courses pending QA (status 4); refuses a reversed date range', async () => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/AwaitingCourseApproval`]: () => page([card({ approvalStatus: 4 })]),
      [`GET ${COURSE}/CourseCategory/List`]: categories,
    });
    const { user } = renderAdmin({ path: '/approve-course', session: staffSession('SUPER ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'QA Approve course' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Pending Courses' });
    expect(server.requests.find((r) => r.path.endsWith('AwaitingCourseApproval'))!.query).toMatchObject({ approvalstatus: '4' });
    await user.type(screen.getByLabelText('Start date'), '2026-03-11');
    await user.type(screen.getByLabelText('End date'), '2026-03-10');
    expect(screen.getByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('shows QA the approved courses that need a revenue formula and re-picks one with a formula naming the partner', async () => {
    const needing = { courseId: 43, title: 'Spreadsheets for Small Business', institutionId: 2, institution: 'University of Lagos', publishDate: '2026-03-12T09:00:00.000Z', formerFormula: { id: 9, name: 'Standard 30/70 (LBS)' } };
    let repicks = [needing];
    const server = fakeFetch({
      [`GET ${COURSE}/Course/AwaitingCourseApproval`]: () => page([card({ approvalStatus: 4, courseId: 45, canReview: false, cannotReviewReason: 'You cannot approve or reject a course you authored or last edited' })]),
      [`GET ${COURSE}/Course/InstitutionApprovedCourses`]: () => page([card({ courseId: 43, approvalStatus: 2, revenueRepickFrom: repicks.length ? { id: 9, name: 'Standard 30/70 (LBS)' } : null })]),
      [`GET ${WORKFLOW}/CourseApproval/QA/Revenue/Repicks`]: () => ok(repicks),
      [`GET ${WORKFLOW}/CourseApproval/QA/Revenues`]: () => ok({ courseId: 43, institutionId: 2, partner: 'University of Lagos', isPlatform: false, items: [{ id: 7, name: 'Standard 30/70 (UNILAG)' }] }),
      [`POST ${WORKFLOW}/CourseApproval/QA/Revenue/Repick`]: () => {
        repicks = [];
        return ok({ courseId: 43, revenueId: 7 }, 'Revenue formula set');
      },
      [`GET ${COURSE}/CourseCategory/List`]: categories,
    });
    const { user } = renderAdmin({ path: '/approve-course', session: staffSession('SUPER ADMIN'), fetch: server.fetch });
    // Separation of duties: the card says why this reviewer may not decide.
    const pending = await screen.findByRole('list', { name: 'Pending Courses' });
    expect(within(pending).getByText('You cannot approve or reject a course you authored or last edited')).toBeInTheDocument();

    const notice = await screen.findByRole('region', { name: 'One approved course needs a revenue formula' });
    expect(within(notice).getByText(/was “Standard 30\/70 \(LBS\)”/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Approved Courses' }));
    const approved = await screen.findByRole('list', { name: 'Approved Courses' });
    expect(within(approved).getByText('Formula needed')).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Re-pick the revenue formula: Spreadsheets for Small Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-pick revenue formula' });
    await user.click(within(dialog).getByRole('button', { name: /Revenue/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard 30/70 (UNILAG)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save formula' }));
    expect(await screen.findByText('Revenue formula set')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('QA/Revenue/Repick'))!.body).toEqual({ courseId: 43, revenueId: 7 });
    expect(server.requests.find((r) => r.path.endsWith('QA/Revenues'))!.query).toEqual({ courseId: '43' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /need(s)? a revenue formula/ })).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Approved Courses' })).queryByText('Formula needed')).toBeNull());
  });

  it('shows an empty tab plainly', async () => {
    const server = fakeFetch({ [`POST ${WORKFLOW}/CourseApproval/Pending/Search`]: () => page([]), [`GET ${COURSE}/CourseCategory/List`]: categories });
    renderAdmin({ path: '/approve-course', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByText('No course is waiting for your review.')).toBeInTheDocument();
  });
});
