import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Survey } from '@rivet/shared/api/learning';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { survey } from '../../test/learner-course-fixtures';
import { SurveyPage } from './survey-page';
import { learnerDb } from '../../offline/db';

afterEach(() => act(() => toast.clear()));

interface Fake {
  survey?: () => Response;
  submit?: (body: unknown) => Response | Promise<Response>;
}

function api({ survey: get = () => envelope(survey()), submit = () => envelope({ submitted: true, duplicate: false }) }: Fake): FetchHandler {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/Course/Survey/Course/5') return get();
    if (path === '/api/Course/Survey/Response' && request.method === 'POST') return submit(await request.json());
    return envelope(null, { status: 404 });
  };
}

function show(fake: Fake = {}) {
  return renderApp(<SurveyPage />, { path: '/course/5/survey', routePath: '/course/:id/survey', session: makeSession(), fetch: api(fake) });
}

const responses = (calls: Request[]) => calls.filter((c) => c.url.endsWith('/api/Course/Survey/Response'));

async function answerAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
  await user.click(screen.getByRole('radio', { name: 'Social media' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByRole('textbox', { name: 'What would you improve?' }), 'More examples');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('radio', { name: '4' }));
}

describe('post-course survey', () => {
  it('introduces the survey with its description, question count and time', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'End of course survey' })).toBeInTheDocument();
    expect(screen.getByText('Tell us how the course went for you.')).toBeInTheDocument();
    expect(screen.getByText('3 questions')).toBeInTheDocument();
    expect(screen.getByText('Less than 5 Minutes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip survey' })).toBeInTheDocument();
  });

  it('asks one question at a time with a progress bar and a counter; Next waits for an answer, Previous is off on the first', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('radiogroup', { name: 'How did you hear about the course?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'A friend' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: 'What would you improve?' });
    expect(text).toHaveAttribute('rows', '4');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(text, '   ');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(text, 'More examples');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuenow', '100');
    const rating = screen.getByRole('radiogroup', { name: 'How likely are you to recommend it?' });
    expect(rating).toHaveAttribute('aria-orientation', 'horizontal');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('keeps each answer when going back and forth', async () => {
    const user = userEvent.setup();
    show();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('textbox', { name: 'What would you improve?' })).toHaveValue('More examples');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: 'Social media' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'A friend' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('posts every answer once on Submit and says Survey Submitted', async () => {
    const user = userEvent.setup();
    const { calls } = show();
    await answerAll(user);
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey Submitted' })).toBeInTheDocument();
    expect(screen.getByText(/shared anonymously with the course’s educators/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Explore more courses' })).toHaveAttribute('href', '/course/discovery');
    expect(screen.getByRole('link', { name: 'View your Achievement' })).toHaveAttribute('href', '/course/course-completed?courseId=5');

    const posts = responses(calls);
    expect(posts).toHaveLength(1);
    const body = (await posts[0]!.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      userId: 'u-1',
      courseId: 5,
      responses: [
        { surveyQuestionId: 31, surveyQuestionOptionId: 312, answer: '' },
        { surveyQuestionId: 32, surveyQuestionOptionId: null, answer: 'More examples' },
        { surveyQuestionId: 33, surveyQuestionOptionId: null, answer: '4' },
      ],
    });
    expect(body.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the failure the server gives, stops loading and keeps the answers so the learner can submit again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = show({
      submit: () => (fail ? envelope(null, { status: 400, description: 'Please answer the survey questions' }) : envelope({ submitted: true, duplicate: false })),
    });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit survey, please try again')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked();

    fail = false;
    await user.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey Submitted' })).toBeInTheDocument();
    expect(responses(calls)).toHaveLength(2);
  });

  it('keeps the answers on the phone when the server cannot take them now, and says Survey Submitted', async () => {
    const user = userEvent.setup();
    show({ submit: () => envelope(null, { status: 503, description: 'Service unavailable' }) });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey Submitted' })).toBeInTheDocument();
    const [queued] = await learnerDb().outbox.toArray();
    expect(queued).toMatchObject({ state: 'pending', event: { type: 'survey', courseId: 5 } });
  });

  it('goes straight to Course Completed when the learner skips the survey, sending nothing', async () => {
    const user = userEvent.setup();
    const { calls } = show();
    await user.click(await screen.findByRole('button', { name: 'Skip survey' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Course Completed' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'View your Achievement' })).toBeInTheDocument();
    expect(responses(calls)).toHaveLength(0);
  });

  it('ends as Course Completed when the course has no survey or it cannot be fetched', async () => {
    show({ survey: () => envelope(null, { status: 404, description: 'This course has no survey' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Completed' })).toBeInTheDocument();
  });

  it('ends as Course Completed when the survey answers success false', async () => {
    show({ survey: () => envelope(null, { status: 200, success: false, description: 'No survey' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Completed' })).toBeInTheDocument();
  });

  it('says Survey Submitted when the learner has answered it before', async () => {
    show({ survey: () => envelope({ ...survey(), submitted: true } satisfies Survey) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey Submitted' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Survey' })).not.toBeInTheDocument();
  });
});
