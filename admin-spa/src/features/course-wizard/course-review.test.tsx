import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import type { Curriculum } from '@rivet/shared/api/course-curriculum';
import type { RevisionChanges } from '@rivet/shared/api/course-revision-changes';
import type { SurveyDetail } from '@rivet/shared/api/course-survey';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';
import { courseDraft } from './course-fixture';
import { CreateCoursePage } from './create-course-page';
import { STILL_A_DRAFT } from './course-review';
import { allowListed } from './stored-rich-text';

const COURSE = '/api/Course';
const REVIEW = '/create-course?courseId=41&courseReview=true';
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });

const submitted = (patch: Partial<CourseDraft> = {}) =>
  courseDraft({ draft: false, approvalStatus: 1, hasSurvey: true, surveyId: 3, stepNo: 5, basePrice: 10_000, vat: 750, gatewayCharge: 265.23, coursePrice: 11_015.23, ...patch });

const outline: Curriculum = {
  courseId: 41,
  title: 'Spreadsheets for Small Business',
  isPaid: true,
  hasSurvey: true,
  draft: false,
  stepNo: 5,
  courseModules: [
    {
      courseModuleId: 1,
      title: 'Getting started',
      items: [
        {
          courseModuleItemId: 11,
          title: 'Why books',
          courseModuleItemAssets: [
            { courseModuleItemAssetId: 101, assetType: 3, title: 'Ledgers', url: null, body: '<p>A ledger lists every sale.</p>', quiz: null },
            {
              courseModuleItemAssetId: 102,
              assetType: 4,
              title: 'Stock check',
              url: null,
              body: null,
              quiz: { name: 'Stock check', description: 'Check.', timed: false, duration: 0, pointPerQuestion: 1, requiredNextModule: true, passMark: 50, randomize: false, data: [{ type: 0, question: '<p>Two plus two?</p>', options: [{ title: 'Four', description: '', isAnswer: true }, { title: 'Five', description: '', isAnswer: false }] }] },
            },
          ],
        },
      ],
    },
  ],
};

const survey: SurveyDetail = {
  surveyId: 3, title: 'Course feedback', description: 'Tell us how this course went for you.', date: '2026-01-05T09:00:00.000Z', isActive: true, draft: false, questionCount: 1, createdBy: '', responses: 0,
  questions: [{ surveyQuestionId: 31, question: 'What should the educators improve?', questionType: 2, options: [] }],
};

function setup(course: CourseDraft, { role = 'SUPER ADMIN' as const, routes }: { role?: 'SUPER ADMIN' | 'INSTITUTION ADMIN' | 'INSTITUTION REPORT'; routes?: RouteObject[] } = {}) {
  const server = fakeFetch({
    [`GET ${COURSE}/Course/Update/41`]: () => ok(course),
    [`GET ${COURSE}/Course/Builder/41`]: () => ok({ ...outline, isPaid: course.isPaid }),
    [`GET ${COURSE}/Survey/Details/3`]: () => ok(survey),
    [`GET ${COURSE}/Language/List`]: () => ok({ items: [{ id: 1, name: 'English' }], totalRows: 1 }),
    [`GET ${COURSE}/CourseCategory/List`]: () => ok({ items: [{ id: 3, name: 'Digital Skills', code: 'DIGITAL', isActive: true }], totalRows: 1 }),
  });
  const view = renderAdmin({ path: REVIEW, session: staffSession(role), fetch: server.fetch, routes });
  return { ...view, server };
}

const readOnlyField = (name: string) => {
  const field = screen.getByRole('textbox', { name });
  expect(field).toHaveAttribute('readonly');
  return (field as HTMLInputElement).value;
};

describe('Review Course', () => {
  it('steps through a paid course read-only with Continue, Back to step 2 without the question, and writes nothing', async () => {
    const { user, server } = setup(submitted());
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Course' })).toBeInTheDocument();
    // Approve Course is built (decision 043): Back returns to its list.
    expect(screen.getByRole('link', { name: 'Back to the course list' })).toHaveAttribute('href', '/approve-course');
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 5 · ReviewBasic Setup'), { timeout: 5000 });
    expect(readOnlyField('Title')).toBe('Spreadsheets for Small Business');
    expect(readOnlyField('Pricing')).toBe('Paid');
    expect(readOnlyField('EOC survey')).toBe('activated');
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 2 of 5 · ReviewAdditional Information'));
    expect(readOnlyField('Course Headline')).toBe('Books');
    await waitFor(() => expect(readOnlyField('Language')).toBe('English'));
    expect(screen.getByRole('region', { name: 'Course Overview' })).toHaveTextContent('Overview');
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 3 of 5 · ReviewBuild Curriculum'));
    expect(await screen.findByRole('heading', { name: 'Module 1: Getting started' })).toBeInTheDocument();
    expect(screen.getByText('Ledgers')).toBeInTheDocument();
    expect(screen.getByText(/1 question · required for certificate, pass mark 50%/)).toBeInTheDocument();
    for (const hidden of ['Add Course Module', 'Add Course Section', 'Add Content', 'Bulk Upload', 'Save Draft']) expect(screen.queryByRole('button', { name: hidden })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    // §2.5: a question opens in the question editor as "Review Question", read-only, with Close only.
    await user.click(screen.getByText(/1 question · required for certificate/));
    await user.click(screen.getByRole('button', { name: 'Review question 1 of Stock check' }));
    const question = await screen.findByRole('dialog', { name: 'Review Question' });
    expect(within(question).getByRole('region', { name: 'Question' })).toHaveTextContent('Two plus two?');
    expect(within(question).getByRole('textbox', { name: 'Option 1' })).toHaveAttribute('readonly');
    expect(within(question).getByRole('radio', { name: 'Four' })).toBeChecked();
    expect(within(question).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close']);
    await user.click(within(question).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Back goes to step 2 at once: nothing was changed, so there is nothing to lose.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Additional Information'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Build Curriculum'));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 5 · ReviewEnd of course Survey'));
    expect(await screen.findByText('Course feedback')).toBeInTheDocument();
    expect(screen.getByText('What should the educators improve?')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    // A paid course goes on to Pricing (5), the last step: no Continue there.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 5 of 5 · ReviewPricing'));
    expect([readOnlyField('Base Price'), readOnlyField('VAT'), readOnlyField('Gateway Charge'), readOnlyField('Total Price')]).toEqual(['₦10,000.00', '₦750.00', '₦265.23', '₦11,015.23']);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    for (const hidden of ['Calculate Price', 'Submit for Review']) expect(screen.queryByRole('button', { name: hidden })).not.toBeInTheDocument();

    // Review mode never writes: every request it made was a read.
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 30_000);

  it('ends an unpaid course at the survey step, where the approval actions slot goes', async () => {
    const routes: RouteObject[] = [{ path: '/create-course', element: <CreateCoursePage reviewActions={({ course }) => <p>Approval for {course.title}</p>} /> }];
    const { user } = setup(submitted({ isPaid: false, stepNo: 4 }), { routes });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 4 · ReviewBasic Setup'), { timeout: 5000 });
    expect(screen.queryByText(/Approval for/)).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Review Course steps' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Basic Setup'),
      expect.stringContaining('Additional Information'),
      expect.stringContaining('Build Curriculum'),
      expect.stringContaining('End of course Survey'),
    ]);
    // Every step can be opened from the indicator in review mode.
    await user.click(within(nav).getByRole('button', { name: /End of course Survey/ }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 4 · ReviewEnd of course Survey'));
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByText('Approval for Spreadsheets for Small Business')).toBeInTheDocument();
  });

  // Decision 078: the decision is on the last step for every reviewer, and no step before it has it.
  const slotRoutes: RouteObject[] = [{ path: '/create-course', element: <CreateCoursePage reviewActions={({ course }) => <p>Approval for {course.title}</p>} /> }];
  const nav = () => screen.getByRole('navigation', { name: 'Review Course steps' });
  /** Walks every step with Continue: the slot only on the last, which has no Continue. */
  async function walk(user: ReturnType<typeof setup>['user'], titles: string[]) {
    for (const [i, title] of titles.entries()) {
      await waitFor(() => expect(heading()).toHaveTextContent(`Step ${i + 1} of ${titles.length} · Review${title}`), { timeout: 5000 });
      if (i < titles.length - 1) {
        expect(screen.queryByText(/Approval for/)).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Continue' }));
      }
    }
    expect(screen.getByText('Approval for Spreadsheets for Small Business')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  }

  it('puts Approve and Reject of a paid course on Pricing, for the partner’s approver and for QA alike', async () => {
    const approver = setup(submitted({ isPaid: true, stepNo: 5, approvalStatus: 1 }), { role: 'INSTITUTION ADMIN', routes: slotRoutes });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 5'), { timeout: 5000 });
    expect(screen.getByText(/Approve and Reject are on the last step, Pricing \(step 5\)/)).toBeInTheDocument();
    await walk(approver.user, ['Basic Setup', 'Additional Information', 'Build Curriculum', 'End of course Survey', 'Pricing']);
    expect(screen.queryByText(/Approve and Reject are on the last step/)).not.toBeInTheDocument();
    approver.unmount();

    const qa = setup(submitted({ isPaid: true, stepNo: 5, approvalStatus: 4 }), { role: 'SUPER ADMIN', routes: slotRoutes });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 5'), { timeout: 5000 });
    await qa.user.click(within(nav()).getByRole('button', { name: /End of course Survey/ }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 5'));
    expect(screen.queryByText(/Approval for/)).not.toBeInTheDocument();
    await qa.user.click(within(nav()).getByRole('button', { name: /Pricing/ }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 5 of 5 · ReviewPricing'));
    expect(screen.getByText('Approval for Spreadsheets for Small Business')).toBeInTheDocument();
  });

  it('puts them on the survey step of a free course with a survey', async () => {
    const { user } = setup(submitted({ isPaid: false, hasSurvey: true, stepNo: 4 }), { role: 'INSTITUTION ADMIN', routes: slotRoutes });
    await walk(user, ['Basic Setup', 'Additional Information', 'Build Curriculum', 'End of course Survey']);
  });

  it('puts them on Build Curriculum of a free course without a survey', async () => {
    const { user } = setup(submitted({ isPaid: false, hasSurvey: false, surveyId: null, stepNo: 3 }), { role: 'INSTITUTION ADMIN', routes: slotRoutes });
    await walk(user, ['Basic Setup', 'Additional Information', 'Build Curriculum']);
    expect(screen.getByRole('button', { name: 'Preview Course' })).toBeInTheDocument();
  });

  it('tells a reviewer who does not decide at this stage who does, where the decision would be', async () => {
    // An institution admin approves for the partner (status 1); a course waiting for QA (4) is not theirs to decide.
    const { user } = setup(submitted({ isPaid: false, hasSurvey: false, surveyId: null, stepNo: 3, approvalStatus: 4 }), { role: 'INSTITUTION ADMIN' });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 1 of 3'), { timeout: 5000 });
    expect(screen.queryByText(/Approve and Reject are on the last step/)).not.toBeInTheDocument();
    expect(screen.queryByText(/only QA reviewers/)).not.toBeInTheDocument();
    await user.click(within(nav()).getByRole('button', { name: /Build Curriculum/ }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 3 of 3'));
    expect(screen.getByText('This course waits for QA review: only QA reviewers (Manage Course QA) approve or reject it at this stage.')).toBeInTheDocument();
  });

  it('shows a revision’s changes above the steps, foldable, before the reviewer decides', async () => {
    const changes: RevisionChanges = {
      courseId: 41,
      publishedCourseId: 12,
      fields: [
        { field: 'title', label: 'Title', before: 'Spreadsheets', after: 'Spreadsheets for Small Business' },
        { field: 'overview', label: 'Course Overview', before: '<p>Old overview</p>', after: '<p>Overview</p>' },
      ],
      price: { before: { isPaid: true, basePrice: 8000, vat: 600, gatewayCharge: 220, coursePrice: 8820 }, after: { isPaid: true, basePrice: 10_000, vat: 750, gatewayCharge: 265.23, coursePrice: 11_015.23 } },
      pictures: [{ picture: 'thumbnail', label: 'Course thumbnail', before: '/media/courses/old.webp', after: '/media/courses/a.webp' }],
      modules: [{ change: 'added', title: 'Wrapping up', previousTitle: null }],
      sections: [
        { change: 'edited', module: 'Getting started', title: 'Why books', previousTitle: 'Why', previousModule: null, contents: [{ change: 'replaced', assetType: 2, title: 'Welcome video' }] },
        { change: 'removed', module: 'Getting started', title: 'Old lesson', previousTitle: null, previousModule: null, contents: [] },
      ],
    };
    const server = fakeFetch({
      [`GET ${COURSE}/Course/Update/41`]: () => ok(submitted({ revisionOfCourseId: 12 })),
      [`GET ${COURSE}/Course/Revision/Changes/41`]: () => ok(changes),
      [`GET ${COURSE}/Language/List`]: () => ok({ items: [{ id: 1, name: 'English' }], totalRows: 1 }),
    });
    const { user } = renderAdmin({ path: REVIEW, session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    const panel = await screen.findByRole('region', { name: 'What changed in this update' });
    await waitFor(() => expect(within(panel).getByText('7 changes')).toBeInTheDocument());
    expect(within(panel).getByText(/Compared with published course #12/)).toBeInTheDocument();
    expect(within(panel).getByText('Title').closest('li')).toHaveTextContent('Edited Title: Spreadsheets → Spreadsheets for Small Business');
    expect(within(panel).getByText('Price').closest('li')).toHaveTextContent('₦8,820.00 (base ₦8,000.00) → ₦11,015.23 (base ₦10,000.00)');
    expect(within(panel).getByRole('img', { name: 'Course thumbnail, published' })).toHaveAttribute('src', '/media/courses/old.webp');
    expect(within(panel).getByRole('img', { name: 'Course thumbnail, this update' })).toHaveAttribute('src', '/media/courses/a.webp');
    expect(within(panel).getByText('Wrapping up').closest('li')).toHaveTextContent('Added Module Wrapping up');
    expect(within(panel).getByText('Why books').closest('li')).toHaveTextContent('Edited Section Why books in module Getting started, was WhyVideo “Welcome video” replaced');
    expect(within(panel).getByText('Old lesson').closest('li')).toHaveTextContent('Removed Section Old lesson in module Getting started');
    // Rich text compares side by side behind a disclosure.
    await user.click(within(panel).getByText('Compare the text'));
    expect(within(panel).getByText('Old overview')).toBeVisible();

    // Folded away, it stays folded across the steps.
    await user.click(within(panel).getByRole('button', { name: 'Hide changes' }));
    expect(within(panel).queryByText(/Compared with published course/)).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 2 of 5'));
    expect(screen.getByRole('button', { name: 'Show changes' })).toHaveAttribute('aria-expanded', 'false');
    expect(server.requests.filter((r) => r.path.endsWith('/Revision/Changes/41'))).toHaveLength(1);
  });

  it('is for reviewers only, and only for submitted courses', async () => {
    const report = setup(submitted(), { role: 'INSTITUTION REPORT' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(report.router.state.location.pathname).toBe('/dashboard');
    expect(report.server.requests.filter((r) => r.path.includes('/Course/Update/'))).toEqual([]);
    report.unmount();

    setup(courseDraft({ stepNo: 3 }), { role: 'INSTITUTION ADMIN' });
    expect(await screen.findByText(STILL_A_DRAFT)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Review Course steps' })).not.toBeInTheDocument();
  });

  it('shows stored rich text through the allow-list only', () => {
    expect(allowListed('<p onclick="x()">Hi <a href="javascript:alert(1)">a</a> <a href="https://rivet.ng">b</a><script>alert(1)</script><img src=x onerror=alert(1)><span>kept text</span></p>')).toBe(
      '<p>Hi <a target="_blank" rel="noopener noreferrer">a</a> <a href="https://rivet.ng" target="_blank" rel="noopener noreferrer">b</a>kept text</p>',
    );
  });
});
