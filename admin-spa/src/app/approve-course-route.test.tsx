import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApprovalCourse } from '@rivet/shared/api/course-approval';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import { fail, fakeFetch, ok, renderAdmin, staffSession } from '../test/render-admin';
import { courseDraft } from '../features/course-wizard/course-fixture';
import { approvalRole } from '../features/course-approval';

const COURSE = '/api/Course';
const WORKFLOW = '/api/Workflow';
const page = (items: ApprovalCourse[]) => ok({ items, totalRows: items.length, page: 1, pageSize: 1000 });
const categories = () => ok({ items: [{ id: 3, name: 'Digital Skills', code: 'DIGITAL', isActive: true }], totalRows: 1 });

describe('Approve and Reject in Review Course', () => {
  const review = (course: CourseDraft, role: 'SUPER ADMIN' | 'INSTITUTION ADMIN', routes: Record<string, () => ReturnType<typeof ok>> = {}) => {
    const server = fakeFetch({
      [`GET ${COURSE}/Course/Update/41`]: () => ok(course),
      [`GET ${COURSE}/Course/Builder/41`]: () => ok({ courseId: 41, title: course.title, isPaid: course.isPaid, hasSurvey: false, draft: false, stepNo: 3, courseModules: [] }),
      [`GET ${COURSE}/Language/List`]: () => ok({ items: [{ id: 1, name: 'English' }], totalRows: 1 }),
      [`GET ${COURSE}/CourseCategory/List`]: categories,
      [`POST ${WORKFLOW}/CourseApproval/Pending/Search`]: () => page([]),
      [`GET ${COURSE}/Course/AwaitingCourseApproval`]: () => page([]),
      ...routes,
    });
    const view = renderAdmin({ path: '/approve-course?courseReview=true&courseId=41', session: staffSession(role), fetch: server.fetch });
    return { ...view, server };
  };
  const toLastStep = async (user: ReturnType<typeof renderAdmin>['user']) => {
    await screen.findByRole('heading', { level: 1, name: 'Review Course' });
    const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });
    // A free course without a survey: Basic Setup, Additional Information, Build Curriculum.
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 3'), { timeout: 5000 });
    for (const next of [2, 3]) {
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(heading()).toHaveTextContent(`Step ${next} of 3`));
    }
  };
  const free = (patch: Partial<CourseDraft> = {}) => courseDraft({ courseId: 41, draft: false, approvalStatus: 1, isPaid: false, hasSurvey: false, stepNo: 3, ...patch });

  it('follows §6: approvecourse at status 1, manageCourseQA at status 4, nobody otherwise', () => {
    expect(approvalRole(['approvecourse'], 1)).toBe('partner');
    expect(approvalRole(['approvecourse'], 4)).toBeNull();
    expect(approvalRole(['manageCourseQA', 'approvecourse'], 4)).toBe('qa');
    expect(approvalRole(['viewCourseQA'], 4)).toBeNull();
    expect(approvalRole(['manageCourseQA', 'approvecourse'], 2)).toBeNull();
  });

  it('a partner approver approves at the end of the review: toast, then back to the list', async () => {
    const { user, server } = review(free(), 'INSTITUTION ADMIN', { [`POST ${WORKFLOW}/CourseApproval/Course/Approval`]: () => ok({ courseId: 41, approvalStatus: 4, draft: false, reviewLevel: 0, stage: 'qaReview' }, 'Course Approved') });
    await toLastStep(user);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Course Approved')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('Course/Approval'))!.body).toMatchObject({ courseId: 41, status: 2, comment: '' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Approve course' })).toBeInTheDocument();
  });

  it('asks for a comment before rejecting, and shows the server’s refusal', async () => {
    const { user, server } = review(free(), 'INSTITUTION ADMIN', { [`POST ${WORKFLOW}/CourseApproval/Course/Approval`]: () => fail(403, 'You are not an approver at this course’s current review level') });
    await toLastStep(user);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject course' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Kindly provide a comment')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.endsWith('Course/Approval'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Module 2 has no content.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('You are not an approver at this course’s current review level')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('Course/Approval'))!.body).toMatchObject({ status: 3, comment: 'Module 2 has no content.' });
  });

  it('QA approves only with a revenue chosen', async () => {
    const { user, server } = review(free({ approvalStatus: 4 }), 'SUPER ADMIN', {
      [`GET ${WORKFLOW}/CourseApproval/QA/Revenues`]: () => ok({ courseId: 41, institutionId: 2, partner: 'University of Lagos', isPlatform: false, items: [{ id: 7, name: 'Standard 30/70' }] }),
      [`POST ${WORKFLOW}/CourseApproval/QA/QACourseApproval`]: () => ok({ courseId: 41, approvalStatus: 2, draft: false, reviewLevel: 0, stage: 'published' }, 'Course Approved'),
    });
    await toLastStep(user);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve course' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Select a revenue')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Revenue/ }));
    await user.click(await screen.findByRole('option', { name: 'Standard 30/70' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Course Approved')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('QACourseApproval'))!.body).toMatchObject({ courseId: 41, approvalStatus: 2, revenueId: 7 });
    // The choices are this course's (decision 076): the formulas naming its partner.
    expect(server.requests.find((r) => r.path.endsWith('QA/Revenues'))!.query).toEqual({ courseId: '41' });
  });

  it('says which partner needs a formula when none fits, with the way to Revenue, and approves nothing', async () => {
    const { user, server } = review(free({ approvalStatus: 4 }), 'SUPER ADMIN', {
      [`GET ${WORKFLOW}/CourseApproval/QA/Revenues`]: () => ok({ courseId: 41, institutionId: 2, partner: 'University of Lagos', isPlatform: false, items: [] }),
    });
    await toLastStep(user);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve course' });
    expect(await within(dialog).findByText('No active revenue formula names University of Lagos.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Create one under Revenue' })).toHaveAttribute('href', '/revenue?create');
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(server.requests.some((r) => r.path.endsWith('QACourseApproval'))).toBe(false);
  });

  it('gives a reviewer who authored or last edited the course the reason instead of Approve and Reject', async () => {
    const { user } = review(free({ reviewConflict: 'You cannot approve or reject a course you authored or last edited' }), 'INSTITUTION ADMIN');
    await toLastStep(user);
    expect(await screen.findByText('You cannot approve or reject a course you authored or last edited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('offers nothing on a course already decided', async () => {
    const { user } = review(free({ approvalStatus: 2 }), 'SUPER ADMIN');
    await toLastStep(user);
    expect(await screen.findByText('This course has been approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

describe('Approve course’s address', () => {
  it('sends staff who review nothing to the dashboard', async () => {
    renderAdmin({ path: '/approve-course', session: staffSession('INSTITUTION REPORT'), fetch: fakeFetch().fetch });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: /Approve course/ })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(/Approve/);
  });
});
