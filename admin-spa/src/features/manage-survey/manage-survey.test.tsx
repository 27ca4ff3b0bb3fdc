import { describe, expect, it } from 'vitest';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import type { SurveyDetail, SurveySummary } from '@rivet/shared/api/course-survey';
import { MANAGE_SURVEY_MESSAGES as M, type SurveyResults } from '@rivet/shared/api/manage-survey';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';

const API = '/api/Course';
const PATH = '/configuration/manage-survey';

const feedback: SurveySummary = { surveyId: 1, title: 'Course feedback', description: 'Tell us.', date: '2026-01-05T09:00:00.000Z', isActive: true, draft: false, questionCount: 3, createdBy: 'Ada Obi', responses: 2 };
const retired: SurveySummary = { ...feedback, surveyId: 2, title: 'Old pulse', isActive: false, responses: 0, createdBy: '' };
const feedbackDetail: SurveyDetail = {
  ...feedback,
  questions: [{ surveyQuestionId: 11, question: 'What should improve?', questionType: 2, options: [] }],
};

function server(extra: FakeRoutes = {}, drafts: SurveySummary[] = []) {
  return fakeFetch({
    [`GET ${API}/Survey/List`]: (req) => ok(new URL(req.url).searchParams.get('Draft') === 'true' ? drafts : [feedback, retired]),
    [`GET ${API}/Survey/Details/1`]: () => ok(feedbackDetail),
    ...extra,
  });
}

describe('Manage Survey', () => {
  it('lists finished surveys with who wrote them, their responses and actions; Assign only for active ones', async () => {
    renderAdmin({ path: PATH, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'End of course Survey' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Manage Survey' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Surveys' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['S/N', 'Title', 'Date Created', 'Created by', 'Responses', 'Action']);
    const row = within(table).getByRole('row', { name: /Course feedback/ });
    expect(row).toHaveTextContent('Ada Obi');
    expect(within(row).getByRole('button', { name: 'View 2 responses to Course feedback' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Assign Course feedback' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Deactivate Course feedback' })).toBeInTheDocument();
    // Each finished survey links to its Survey Report.
    expect(within(row).getByRole('link', { name: 'Survey Report of Course feedback' })).toHaveAttribute('href', expect.stringMatching(/^\/report\/survey\/\d+$/));
    const old = within(table).getByRole('row', { name: /Old pulse/ });
    expect(old).toHaveTextContent('Inactive');
    expect(within(old).queryByRole('button', { name: /Assign/ })).toBeNull();
    expect(within(old).getByRole('button', { name: 'Activate Old pulse' })).toBeInTheDocument();
  });

  it('shows the empty draft tab with a Create Survey link', async () => {
    const { user } = renderAdmin({ path: PATH, session: staffSession('RIVET ADMIN'), fetch: server().fetch });
    await user.click(await screen.findByRole('tab', { name: 'Draft' }));
    expect(await screen.findByText('No draft created')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Survey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create survey' })).toBeInTheDocument();
  });

  it('keeps institution staff out: the typed address opens the dashboard', async () => {
    const { router } = renderAdmin({ path: PATH, session: staffSession('INSTITUTION ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Manage Survey' })).toBeNull();
  });

  it('builds a survey: title first, one Free Text question to start, the spec’s messages, rating boxes, and Save as draft', async () => {
    const fake = server({ [`POST ${API}/Survey/Create`]: () => ok({ ...feedbackDetail, surveyId: 9, draft: true }, M.savedAsDraft) });
    const { user } = renderAdmin({ path: `${PATH}?view=new`, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText(M.titleRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Pace check');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByRole('group', { name: 'Question 1' })).toBeInTheDocument();
    expect(screen.getByText('Learners answer in their own words.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // Word for word, two spaces included.
    expect(await screen.findByText(M.questionRequired, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeInTheDocument();

    // Deleting the only question leaves a blank one.
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Anything else?');
    await user.click(screen.getByRole('button', { name: 'Delete question 1' }));
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Anything else?');

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const second = screen.getByRole('group', { name: 'Question 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Question' }), 'How clear was it?');
    await user.click(within(second).getByRole('button', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Rating' }));
    const scale = within(second).getByRole('group', { name: 'Rating scale of question 2' });
    expect(within(scale).getAllByText(/^\d+$/).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(second).getByRole('button', { name: 'Add box' }));
    expect(within(scale).getAllByText(/^\d+$/).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(fake.requests.some((r) => r.path === `${API}/Survey/Create`)).toBe(true));
    const sent = fake.requests.find((r) => r.path === `${API}/Survey/Create`)!;
    expect(sent.query).toEqual({ Draft: 'true' });
    expect(sent.body).toEqual({
      title: 'Pace check',
      description: '',
      questions: [
        { questionType: 2, question: 'Anything else?' },
        { questionType: 3, question: 'How clear was it?', minValue: 1, maxValue: 6 },
      ],
    });
    expect(await screen.findByText(M.savedAsDraft)).toBeInTheDocument();
  });

  it('locks the questions of a survey with responses and offers no Save as draft for a finished one', async () => {
    renderAdmin({ path: `${PATH}?view=edit&id=1`, session: staffSession('SUPER ADMIN'), fetch: server().fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit survey' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Proceed' }).click();
    expect(await screen.findByText('This survey has responses')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAttribute('readonly');
  });

  it('assigns courses: Assign waits for a pick; a course can be removed', async () => {
    const assigned = [{ courseId: 5, title: 'Bookkeeping Basics', institution: 'UNILAG', draft: false, approvalStatus: 2 }];
    const fake = server({
      [`GET ${API}/Course/Survey/Courses/1`]: () => ok({ items: assigned, totalRows: assigned.length }),
      [`GET ${API}/Course/NoSurvey/Courses`]: () => ok([{ courseId: 7, title: 'Excel for Analysts', institution: 'LBS', draft: true, approvalStatus: 1 }]),
      [`POST ${API}/Course/Survey/Assign`]: () => {
        assigned.push({ courseId: 7, title: 'Excel for Analysts', institution: 'LBS', draft: true, approvalStatus: 1 });
        return ok({ surveyId: 1, courseIds: [7] }, M.assigned);
      },
      [`POST ${API}/Course/Survey/UnAssign/5`]: () => {
        assigned.splice(0, 1);
        return ok({ courseId: 5, surveyId: 1 }, M.unassigned);
      },
    });
    const { user } = renderAdmin({ path: `${PATH}?view=assign&id=1`, session: staffSession('SUPER ADMIN'), fetch: fake.fetch });
    expect(await screen.findByRole('row', { name: /Bookkeeping Basics/ })).toHaveTextContent('Published');
    await user.click(screen.getByRole('button', { name: 'Add Course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Course' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: /Excel for Analysts/ }));
    expect(assign).toBeEnabled();
    await user.click(assign);
    expect(await screen.findByText(M.assigned)).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Excel for Analysts/ })).toHaveTextContent('Draft');
    expect(fake.requests.find((r) => r.path === `${API}/Course/Survey/Assign`)!.body).toEqual({ surveyId: 1, courseIds: [7] });

    await user.click(screen.getByRole('button', { name: 'Remove Bookkeeping Basics from this survey' }));
    expect(await screen.findByText(M.unassigned)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bookkeeping Basics/ })).toBeNull());
  });

  it('shows responses without names: option counts, the rating spread and free-text answers', async () => {
    const results: SurveyResults = {
      surveyId: 1,
      title: 'Course feedback',
      responses: 2,
      questions: [
        { surveyQuestionId: 1, question: 'How useful?', questionType: 1, answered: 2, options: [{ surveyQuestionOptionId: 1, option: 'Very useful', count: 2 }, { surveyQuestionOptionId: 2, option: 'Not useful', count: 0 }], ratings: [], average: null, answers: [] },
        { surveyQuestionId: 2, question: 'What should improve?', questionType: 2, answered: 2, options: [], ratings: [], average: null, answers: ['More examples', 'Shorter videos'] },
        { surveyQuestionId: 3, question: 'Recommend?', questionType: 3, answered: 2, options: [], ratings: [{ value: 0, count: 0 }, { value: 1, count: 2 }], average: 1, answers: [] },
      ],
    };
    renderAdmin({ path: `${PATH}?view=responses&id=1`, session: staffSession('SUPER ADMIN'), fetch: server({ [`GET ${API}/Survey/Responses/1`]: () => ok(results) }).fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses: Course feedback' })).toBeInTheDocument();
    expect(screen.getByText(/2 learners have answered/)).toBeInTheDocument();
    expect(screen.getByText('Very useful').closest('div')).toHaveTextContent('2 (100%)');
    expect(screen.getByText('More examples')).toBeInTheDocument();
    expect(screen.getByText('Average: 1')).toBeInTheDocument();
  });
});
