import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CourseDraft } from '@rivet/shared/api/course-authoring';
import type { SurveyDetail, SurveySummary } from '@rivet/shared/api/course-survey';
import { fakeFetch, ok, renderAdmin, staffSession, type FakeRoutes } from '../../test/render-admin';
import { courseDraft } from './course-fixture';
import { NO_SURVEY_TITLE } from './survey-step';

const COURSE = '/api/Course';
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step/ });

const feedback: SurveySummary = { surveyId: 3, title: 'Course feedback', description: 'Tell us how this course went for you.', date: '2026-01-05T09:00:00.000Z', isActive: true, draft: false, questionCount: 3, createdBy: '', responses: 0 };
const pulse: SurveySummary = { surveyId: 8, title: 'Quick pulse', description: 'Two questions on pace and clarity.', date: '2026-03-10T09:00:00.000Z', isActive: true, draft: false, questionCount: 2, createdBy: '', responses: 0 };
const feedbackDetail: SurveyDetail = {
  ...feedback,
  questions: [
    { surveyQuestionId: 31, question: 'How useful was this course for your work?', questionType: 1, options: ['Very useful', 'Useful', 'Not useful'].map((option, i) => ({ surveyQuestionOptionId: 310 + i, surveyQuestionId: 31, option, minValue: null, maxValue: null })) },
    { surveyQuestionId: 32, question: 'What should the educators improve?', questionType: 2, options: [] },
    { surveyQuestionId: 33, question: 'How likely are you to recommend this course?', questionType: 3, options: [{ surveyQuestionOptionId: 330, surveyQuestionId: 33, option: '', minValue: 0, maxValue: 10 }] },
  ],
};

function setup(patch: Partial<CourseDraft>, { surveys = [feedback, pulse], extra = {} }: { surveys?: SurveySummary[]; extra?: FakeRoutes } = {}) {
  let course = courseDraft({ hasSurvey: true, stepNo: 4, ...patch });
  const server = fakeFetch({
    [`GET ${COURSE}/Course/Update/41`]: () => ok(course),
    [`GET ${COURSE}/Survey/List`]: () => ok(surveys),
    [`GET ${COURSE}/Survey/Details/3`]: () => ok(feedbackDetail),
    ['GET /api/Configuration/Currency/List']: () => ok([{ id: 1, name: 'NGN' }]),
    [`POST ${COURSE}/Course/Survey/Update`]: async (request) => {
      const { surveyId } = (await request.json()) as { surveyId: number };
      const submitted = !course.isPaid;
      course = { ...course, surveyId, stepNo: course.isPaid ? 5 : 4, draft: !submitted };
      return ok({ courseId: 41, surveyId, stepNo: course.stepNo, submitted, draft: course.draft, approvalStatus: 1 }, submitted ? 'Course submitted for review' : 'End of course survey saved');
    },
    ...extra,
  });
  const view = renderAdmin({ path: '/create-course?courseId=41', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
  return { ...view, server };
}

const stepTitles = () => within(screen.getByRole('navigation', { name: 'Create a Course steps' })).getAllByRole('listitem').map((li) => li.textContent?.replace(/^\d+Step \d+: /, '').replace(' (done)', ''));
const surveyPosts = (requests: { method: string; path: string }[]) => requests.filter((r) => r.method === 'POST' && r.path === `${COURSE}/Course/Survey/Update`);

describe('End of course Survey', () => {
  it('opens at step 4, refuses Continue without a choice with §5’s message, shows a survey’s questions, and goes on to Pricing numbered 5', async () => {
    const { user, server } = setup({});
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 5End of course Survey'), { timeout: 5000 });
    expect(stepTitles()).toEqual(['Basic Setup', 'Additional Information', 'Build Curriculum', 'End of course Survey', 'Pricing']);
    const group = await screen.findByRole('radiogroup', { name: 'End of course Survey' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Course feedback', 'Quick pulse']);
    expect(within(group).getByText('Tell us how this course went for you.')).toBeInTheDocument();
    expect(within(group).getByText(/3 questions · created/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a Survey')).toBeInTheDocument();
    expect(group).toHaveAttribute('data-invalid');
    expect(surveyPosts(server.requests)).toHaveLength(0);

    // The author looks at the questions before choosing, and chooses from the dialog.
    await user.click(screen.getByRole('button', { name: 'View questions of Course feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Course feedback' });
    expect(await within(dialog).findByText('How useful was this course for your work?')).toBeInTheDocument();
    expect(within(dialog).getByText('Very useful')).toBeInTheDocument();
    expect(within(dialog).getByText('Free Text')).toBeInTheDocument();
    expect(within(dialog).getByText('A scale from 0 to 10')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Choose this survey' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Course feedback' })).toBeChecked();
    expect(screen.queryByText('Please select a Survey')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('End of course survey saved')).not.toHaveLength(0);
    await waitFor(() => expect(heading()).toHaveTextContent('Step 5 of 5Pricing'), { timeout: 5000 });
    expect(surveyPosts(server.requests).map((r) => (r as { body?: unknown }).body)).toEqual([{ courseId: 41, surveyId: 3 }]);
  }, 20_000);

  it('resumes a course at its stored step: 5 is Pricing with a survey, 4 is Pricing without one, and the survey step keeps the choice', async () => {
    const withSurvey = setup({ stepNo: 5, surveyId: 3 });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 5 of 5Pricing'), { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Create a Course steps' });
    await withSurvey.user.click(within(nav).getByRole('button', { name: /End of course Survey/ }));
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 5End of course Survey'), { timeout: 5000 });
    expect(await screen.findByRole('radio', { name: 'Course feedback' })).toBeChecked();
    withSurvey.unmount();

    setup({ stepNo: 4, hasSurvey: false });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 4Pricing'), { timeout: 5000 });
    expect(stepTitles()).toEqual(['Basic Setup', 'Additional Information', 'Build Curriculum', 'Pricing']);
  });

  it('a free course is submitted for review from the survey step', async () => {
    const { user, server } = setup({ isPaid: false });
    await waitFor(() => expect(heading()).toHaveTextContent('Step 4 of 4End of course Survey'), { timeout: 5000 });
    expect(stepTitles()).toEqual(['Basic Setup', 'Additional Information', 'Build Curriculum', 'End of course Survey']);
    await user.click(await screen.findByRole('radio', { name: 'Quick pulse' }));
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findAllByText('Course submitted for review')).not.toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Course submitted for review' })).toBeInTheDocument();
    expect(surveyPosts(server.requests).map((r) => (r as { body?: unknown }).body)).toEqual([{ courseId: 41, surveyId: 8 }]);
  });

  it('explains what to do when no survey is active', async () => {
    setup({}, { surveys: [] });
    expect(await screen.findByText(NO_SURVEY_TITLE)).toBeInTheDocument();
    expect(screen.getByText(/Manage Survey/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
