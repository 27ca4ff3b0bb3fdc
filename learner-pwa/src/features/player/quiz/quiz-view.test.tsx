import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Navigate } from 'react-router';
import { makeSession, renderApp } from '../../../test/render-app';
import { COURSE_ID, contentFixture, fakeLearningServer, quizFixture } from '../player-fixtures';
import { PlayerPage } from '../player-page';
import { syncOutbox } from '../../../api/learner-events';
import { learnerDb } from '../../../offline/db';

/** The player opened at the quiz (module 13, section 301). */
function openQuiz(quiz = quizFixture()) {
  const content = contentFixture({}, quiz);
  const server = fakeLearningServer(content);
  const state = { courseId: COURSE_ID, userId: 'u-1', currentModule: 13, currentSection: 301 };
  const { manager } = renderApp(<PlayerPage />, {
    path: '/start',
    routePath: '/course/delivery',
    routes: [{ path: '/start', element: <Navigate to={`/course/delivery?courseId=${COURSE_ID}`} state={state} /> }],
    fetch: server.handler,
    session: makeSession(),
  });
  return Object.assign(server, { api: manager.api });
}

async function answer(user: ReturnType<typeof userEvent.setup>, choices: string[], expected: 'Correct Answer' | 'Wrong Answer') {
  const check = screen.getByRole('button', { name: 'Check Answer' });
  expect(check).toBeDisabled();
  const role = screen.queryByRole('radiogroup') ? 'radio' : 'checkbox';
  for (const choice of choices) await user.click(screen.getByRole(role, { name: choice }));
  expect(check).toBeEnabled();
  await user.click(check);
  expect(await screen.findByText(expected)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

describe('quiz', () => {
  it('goes from the intro through checked questions to the server’s score, the result and on to the next section', async () => {
    const user = userEvent.setup();
    const server = openQuiz();
    expect(await screen.findByRole('heading', { name: 'Quiz: Serving customers' })).toBeInTheDocument();
    expect(screen.getByText('2 questions')).toBeInTheDocument();
    expect(screen.getByText('Pass mark: 50%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Quiz' }));

    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
    await answer(user, ['Keeping promises'], 'Correct Answer');

    expect(screen.getByRole('heading', { name: 'Question 2 of 2' })).toBeInTheDocument();
    expect(screen.getByText('Select all that apply')).toBeInTheDocument();
    // One of two correct options is not enough.
    await answer(user, ['Downloading on Wi-Fi'], 'Wrong Answer');

    expect(await screen.findByRole('heading', { name: 'Complete!' })).toBeInTheDocument();
    expect(server.quizzes).toEqual([
      {
        answers: [
          { question: 0, options: [0] },
          { question: 1, options: [0] },
        ],
      },
    ]);
    expect(screen.getByText('1/2', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(screen.getByText('You passed this quiz.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Result' }));
    expect(screen.getByText('You got 1 out of 2 question(s) correct on your first attempt')).toBeInTheDocument();
    const review = screen.getAllByRole('listitem').filter((li) => li.classList.contains('quiz-review__item'));
    expect(review[1]).toHaveTextContent(/Your answer:\s*Downloading on Wi-Fi/);
    expect(review[1]).toHaveTextContent(/Correct answers:\s*Downloading on Wi-Fi, Lower video quality/);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Goodbye' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Course content' })).getByRole('button', { name: /Check your understanding.*completed/ })).toBeInTheDocument();
  });

  it('never offers the way on after a failed attempt; Retry Quiz starts again with nothing chosen', async () => {
    const user = userEvent.setup();
    openQuiz();
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await answer(user, ['Big promises'], 'Wrong Answer');
    await answer(user, ['Streaming in HD'], 'Wrong Answer');
    expect(await screen.findByText('Not passed yet: you need 50% to pass. Review your answers and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Result' }));
    expect(screen.getByText('You got 0 out of 2 question(s) correct on your first attempt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry Quiz' }));
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Big promises' })).not.toBeChecked();
    await answer(user, ['Keeping promises'], 'Correct Answer');
    await answer(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Correct Answer');
    await user.click(await screen.findByRole('button', { name: 'View Result' }));
    expect(screen.getByText('You got 2 out of 2 question(s) correct on attempt 2')).toBeInTheDocument();
  });

  it('scores an attempt on the phone when offline, says it is saved there, and sends it once the network is back', async () => {
    const user = userEvent.setup();
    const server = openQuiz();
    server.failQuiz = true;
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await answer(user, ['Keeping promises'], 'Correct Answer');
    await answer(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Correct Answer');
    expect(await screen.findByText('Saved on this phone')).toBeInTheDocument();
    expect(screen.getByText('You passed this quiz.')).toBeInTheDocument();
    expect(screen.getByText('2/2', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(server.quizzes).toHaveLength(0);
    const [queued] = await learnerDb().outbox.toArray();
    expect(queued).toMatchObject({ state: 'pending', event: { type: 'quiz', answers: [{ question: 0 }, { question: 1 }] } });

    server.failQuiz = false;
    await syncOutbox(server.api, 'u-1', { force: true });
    expect(server.quizzes).toHaveLength(1);
    expect(await learnerDb().outbox.count()).toBe(0);
  });

  it('shows why the server refused an attempt, and sends the same attempt again on Try again', async () => {
    const user = userEvent.setup();
    const server = openQuiz();
    server.refuseQuiz = { status: 404, description: 'Quiz not found in this section' };
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await answer(user, ['Keeping promises'], 'Correct Answer');
    await answer(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Correct Answer');
    expect(await screen.findByText('Your answers are not saved yet')).toBeInTheDocument();
    expect(screen.getByText(/Quiz not found in this section/)).toBeInTheDocument();
    expect(screen.queryByText('You passed this quiz.')).not.toBeInTheDocument();

    server.refuseQuiz = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You passed this quiz.')).toBeInTheDocument();
    expect(server.quizzes).toHaveLength(1);
    expect(await learnerDb().outbox.count()).toBe(0);
  });

  it('shows a timed quiz’s limit and its clock', async () => {
    const user = userEvent.setup();
    openQuiz(quizFixture({ timed: true, duration: 1 }));
    expect(await screen.findByText('Time limit: 1 minute')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Quiz' }));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^(01:00|00:59)$/));
  });
});
