import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Navigate } from 'react-router';
import { makeSession, renderApp } from '../../../test/render-app';
import { COURSE_ID, contentFixture, fakeLearningServer, quizFixture, withCompleted, type AuthoredQuiz } from '../player-fixtures';
import { PlayerPage } from '../player-page';
import { syncOutbox } from '../../../api/learner-events';
import { learnerDb } from '../../../offline/db';

/** The player opened at the quiz (module 13, section 301); `passedBefore`: its section was completed on an earlier visit. */
function openQuiz(quiz: AuthoredQuiz = quizFixture(), { passedBefore = false } = {}) {
  const plain = contentFixture({}, quiz);
  const content = passedBefore ? withCompleted(plain, [301]) : plain;
  const server = fakeLearningServer(content, { quiz });
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

/** A practice quiz: not Required for Certificate, so it carries its key and checks each answer. */
const practiceQuiz = () => quizFixture({ requiredNextModule: false });

/** A practice question: choose, Check Answer, see the verdict, Proceed. */
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

/** A certificate question: no Check Answer (the phone has no key); choose, then Proceed or, last, Submit answers. */
async function choose(user: ReturnType<typeof userEvent.setup>, choices: string[], button: 'Proceed' | 'Submit answers') {
  expect(screen.queryByRole('button', { name: 'Check Answer' })).not.toBeInTheDocument();
  const next = screen.getByRole('button', { name: button });
  expect(next).toBeDisabled();
  const role = screen.queryByRole('radiogroup') ? 'radio' : 'checkbox';
  for (const choice of choices) await user.click(screen.getByRole(role, { name: choice }));
  await user.click(next);
}

/** The quiz's own buttons (the player has a Next of its own, for the next section). */
const quizRegion = () => screen.getByRole('region', { name: /^Quiz:/ });
const button = (name: string) => within(quizRegion()).getByRole('button', { name });
const isPrimary = (name: string) => button(name).classList.contains('rv-button--primary');

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
afterEach(() => {
  online = true;
});

// Whole attempts through the player: slow on a busy machine, so a generous limit.
describe('a practice quiz', { timeout: 30_000 }, () => {
  it('says 0 of 2 honestly: the score, that it does not count toward the certificate, never passed; Next leads on', async () => {
    const user = userEvent.setup();
    openQuiz(practiceQuiz());
    expect(await screen.findByText('Practice quiz', { selector: 'li' })).toBeInTheDocument();
    expect(screen.queryByText(/Pass mark/)).not.toBeInTheDocument();
    await user.click(button('Start Quiz'));
    await answer(user, ['Big promises'], 'Wrong Answer');
    await answer(user, ['Streaming in HD'], 'Wrong Answer');

    expect(await screen.findByRole('heading', { name: 'Complete!' })).toBeInTheDocument();
    expect(screen.getByText('0/2', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(screen.getByText('Practice quiz: this score does not count toward your certificate.')).toBeInTheDocument();
    expect(screen.queryByText(/passed|Quiz completed/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(isPrimary('Next')).toBe(true);
    expect(isPrimary('Try again')).toBe(false);

    await user.click(button('View Result'));
    expect(screen.getByText('You got 0 out of 2 question(s) correct on your first attempt')).toBeInTheDocument();
    expect(screen.queryByText(/passed/i)).not.toBeInTheDocument();
    const review = screen.getAllByRole('listitem').filter((li) => li.classList.contains('quiz-review__item'));
    // A practice quiz shows its answers: it carries its key anyway.
    expect(review[1]).toHaveTextContent(/Correct answers:\s*Downloading on Wi-Fi, Lower video quality/);
    expect(isPrimary('Continue')).toBe(true);
    await user.click(button('Continue'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Goodbye' })).toBeInTheDocument();
  });

  it('on a later visit says it was taken, not passed', async () => {
    openQuiz(practiceQuiz(), { passedBefore: true });
    expect(await screen.findByText('You have taken this practice quiz.')).toBeInTheDocument();
    expect(screen.queryByText(/passed/i)).not.toBeInTheDocument();
    expect(button('Next')).toBeInTheDocument();
  });

  it('is scored on the phone when offline, says it is saved there, and is sent once the network is back', async () => {
    const user = userEvent.setup();
    const server = openQuiz(practiceQuiz());
    server.failQuiz = true;
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await answer(user, ['Keeping promises'], 'Correct Answer');
    await answer(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Correct Answer');
    expect(await screen.findByText('Saved on this phone')).toBeInTheDocument();
    expect(screen.getByText('2/2', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(screen.getByText('Practice quiz: this score does not count toward your certificate.')).toBeInTheDocument();
    expect(server.quizzes).toHaveLength(0);
    const [queued] = await learnerDb().outbox.toArray();
    expect(queued).toMatchObject({ state: 'pending', event: { type: 'quiz', answers: [{ question: 0 }, { question: 1 }] } });

    server.failQuiz = false;
    await syncOutbox(server.api, 'u-1', { force: true });
    expect(server.quizzes).toHaveLength(1);
    expect(await learnerDb().outbox.count()).toBe(0);
  });
});

describe('a quiz Required for Certificate', { timeout: 30_000 }, () => {
  it('shows its pass mark before it starts, has no Check Answer, and after a pass leads on with Next', async () => {
    const user = userEvent.setup();
    const server = openQuiz();
    expect(await screen.findByRole('heading', { name: 'Quiz: Serving customers' })).toBeInTheDocument();
    expect(screen.getByText('2 questions')).toBeInTheDocument();
    expect(screen.getByText('Required for your certificate')).toBeInTheDocument();
    expect(screen.getByText('Pass mark: 50% (1 of 2 right)')).toBeInTheDocument();
    await user.click(button('Start Quiz'));

    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
    await choose(user, ['Keeping promises'], 'Proceed');
    expect(screen.getByText('Select all that apply')).toBeInTheDocument();
    // One of two correct options is not enough.
    await choose(user, ['Downloading on Wi-Fi'], 'Submit answers');

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
    expect(screen.getByText('You passed: 50%, the pass mark is 50%. This quiz counts toward your certificate.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(isPrimary('Next')).toBe(true);

    await user.click(button('View Result'));
    expect(screen.getByText('You got 1 out of 2 question(s) correct on your first attempt')).toBeInTheDocument();
    const review = screen.getAllByRole('listitem').filter((li) => li.classList.contains('quiz-review__item'));
    expect(review.map((li) => li.querySelector('.quiz-review__mark')?.textContent)).toEqual(['Correct', 'Wrong']);
    expect(review[1]).toHaveTextContent(/Your answer:\s*Downloading on Wi-Fi/);
    // The server marks the answers; the key itself is never on the phone, so never on screen.
    expect(screen.queryByText(/Correct answers?:/)).not.toBeInTheDocument();

    await user.click(button('Continue'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Goodbye' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Course content' })).getByRole('button', { name: /Check your understanding.*completed/ })).toBeInTheDocument();
  });

  it('after a fail says what it takes to pass and offers Try again, never the way on; Retry Quiz starts afresh', async () => {
    const user = userEvent.setup();
    openQuiz();
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await choose(user, ['Big promises'], 'Proceed');
    await choose(user, ['Streaming in HD'], 'Submit answers');
    expect(await screen.findByText('Not passed: you need 50% (1 of 2 right) to pass.')).toBeInTheDocument();
    expect(screen.getByText('0/2', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(isPrimary('Try again')).toBe(true);
    expect(within(quizRegion()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByText(/You passed/)).not.toBeInTheDocument();

    await user.click(button('View Result'));
    expect(screen.getByText('You got 0 out of 2 question(s) correct on your first attempt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(isPrimary('Retry Quiz')).toBe(true);
    await user.click(button('Retry Quiz'));
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Big promises' })).not.toBeChecked();
    await choose(user, ['Keeping promises'], 'Proceed');
    await choose(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Submit answers');
    await user.click(await screen.findByRole('button', { name: 'View Result' }));
    expect(screen.getByText('You got 2 out of 2 question(s) correct on attempt 2')).toBeInTheDocument();
  });

  it('Try again on the Complete screen starts a new attempt', async () => {
    const user = userEvent.setup();
    openQuiz();
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await choose(user, ['Big promises'], 'Proceed');
    await choose(user, ['Streaming in HD'], 'Submit answers');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Question 1 of 2' })).toHaveFocus();
  });

  it('a fail after an earlier pass is not called passed, and says the quiz still counts', async () => {
    const user = userEvent.setup();
    openQuiz(quizFixture(), { passedBefore: true });
    expect(await screen.findByText('You have passed this quiz.')).toBeInTheDocument();
    await user.click(button('Start Quiz'));
    await choose(user, ['Big promises'], 'Proceed');
    await choose(user, ['Streaming in HD'], 'Submit answers');
    expect(await screen.findByText('Not passed: you need 50% (1 of 2 right) to pass.')).toBeInTheDocument();
    expect(screen.getByText('You passed this quiz on an earlier attempt, so it still counts toward your certificate.')).toBeInTheDocument();
    expect(isPrimary('Try again')).toBe(true);
    expect(isPrimary('Next')).toBe(false);
  });

  it('answered offline: saved on the phone, not marked, honest about it; marked when the network is back', async () => {
    const user = userEvent.setup();
    const server = openQuiz();
    online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await choose(user, ['Keeping promises'], 'Proceed');
    await choose(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Submit answers');

    expect(await screen.findByText('Your answers are saved and will be marked when you are back online.')).toBeInTheDocument();
    expect(screen.getByText('2/2', { selector: '.quiz-score__value' })).toBeInTheDocument();
    expect(screen.getByText(/questions answered · not marked yet/)).toBeInTheDocument();
    expect(screen.queryByText(/passed|correct answers/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Result' })).not.toBeInTheDocument();
    expect(isPrimary('Next')).toBe(true);
    expect(server.quizzes).toHaveLength(0);
    // Nothing is completed on the phone: only the server can mark the quiz.
    expect(within(screen.getByRole('complementary', { name: 'Course content' })).queryByRole('button', { name: /Check your understanding.*completed/ })).not.toBeInTheDocument();

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('You passed: 100%, the pass mark is 50%. This quiz counts toward your certificate.')).toBeInTheDocument();
    // The same attempt, sent once.
    expect(server.quizzes).toHaveLength(1);
    await waitFor(async () => expect(await learnerDb().outbox.count()).toBe(0));
  });

  it('shows why the server refused an attempt, and sends the same attempt again on Send again', async () => {
    const user = userEvent.setup();
    const server = openQuiz();
    server.refuseQuiz = { status: 404, description: 'Quiz not found in this section' };
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    await choose(user, ['Keeping promises'], 'Proceed');
    await choose(user, ['Downloading on Wi-Fi', 'Lower video quality'], 'Submit answers');
    expect(await screen.findByText('Your answers are not saved yet')).toBeInTheDocument();
    expect(screen.getByText(/Quiz not found in this section/)).toBeInTheDocument();
    expect(screen.queryByText(/You passed/)).not.toBeInTheDocument();

    server.refuseQuiz = null;
    await user.click(button('Send again'));
    expect(await screen.findByText(/^You passed/)).toBeInTheDocument();
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
