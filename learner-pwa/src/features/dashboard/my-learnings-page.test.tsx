import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import type { LearnerCourse } from '@rivet/shared/api/learning';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { completedCourse, learnerCourse, playerContent } from '../../test/learner-course-fixtures';
import { MyLearningsPage } from './my-learnings-page';

afterEach(() => act(() => toast.clear()));

function Where() {
  const location = useLocation();
  return <pre data-testid="where">{JSON.stringify({ path: location.pathname + location.search, state: location.state as unknown })}</pre>;
}

function api(enrolled: LearnerCourse[]): FetchHandler {
  return (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/Course/Course/Enrolled/u-1') return envelope(enrolled);
    if (path === '/api/Course/Course/Enrolled/Details/u-1/5') return envelope(playerContent({ currentModule: 51, currentSection: 511 }));
    return envelope(null, { status: 404 });
  };
}

function show(enrolled: LearnerCourse[], path = '/course/my-learnings') {
  return renderApp(<MyLearningsPage />, {
    path,
    routePath: '/course/my-learnings',
    session: makeSession(),
    fetch: api(enrolled),
    routes: [{ path: '/course/delivery', element: <Where /> }],
  });
}

const titles = (list: HTMLElement) => within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('my learnings', () => {
  it('lists every enrolled course with its progress, and filters to active or completed ones', async () => {
    const user = userEvent.setup();
    const { router } = show([learnerCourse(), completedCourse()]);
    expect(screen.getByRole('heading', { level: 1, name: 'My Learnings' })).toBeInTheDocument();
    const all = await screen.findByRole('list', { name: 'All courses' });
    expect(titles(all)).toEqual(['Customer Service Excellence', 'Writing Effective Business Emails']);
    expect(within(all).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(all).getByText('Completed')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Active/ }));
    expect(titles(screen.getByRole('list', { name: 'Active courses' }))).toEqual(['Customer Service Excellence']);
    expect(router.state.location.search).toBe('?filter=active');

    await user.click(screen.getByRole('radio', { name: /^Completed/ }));
    expect(titles(screen.getByRole('list', { name: 'Completed courses' }))).toEqual(['Writing Effective Business Emails']);
  });

  it('opens the player in my-learning mode where the learner stopped', async () => {
    const user = userEvent.setup();
    show([learnerCourse()]);
    await user.click(await screen.findByRole('button', { name: 'Resume: Customer Service Excellence' }));
    await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
    expect(JSON.parse(screen.getByTestId('where').textContent!)).toEqual({
      path: '/course/delivery?courseId=5',
      state: { courseId: 5, userId: 'u-1', currentModule: 51, currentSection: 511, mode: 'my-learning' },
    });
  });

  it('says so when the learner has no course, or none under the chosen filter', async () => {
    show([]);
    expect(await screen.findByText('You are not enrolled in any course yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore courses' })).toHaveAttribute('href', '/course/discovery');
  });

  it('reads the filter from the address', async () => {
    show([learnerCourse()], '/course/my-learnings?filter=completed');
    expect(await screen.findByText('You have no completed courses yet')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Completed/ })).toHaveAttribute('aria-checked', 'true');
  });
});
