import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import type { LearnerCourse } from '@rivet/shared/api/learning';
import { toast } from '@rivet/shared/ui/toast';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { completedCourse, learnerCourse, playerContent } from '../../test/learner-course-fixtures';
import { saveCourseContent } from '../../offline/course-store';
import { DashboardPage } from './dashboard-page';
import { OFFLINE_NOTES } from './learner-course-card';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  act(() => setOnline(true));
  act(() => toast.clear());
});

function Where() {
  const location = useLocation();
  return <pre data-testid="where">{JSON.stringify({ path: location.pathname + location.search, state: location.state as unknown })}</pre>;
}

const destinations = [
  { path: '/course/delivery', element: <Where /> },
  { path: '/course/course-completed', element: <Where /> },
];

interface Fake {
  enrolled?: LearnerCourse[];
  recent?: LearnerCourse | null;
  overall?: { percentage: number; activeCourses: number; completedCourses: number };
  details?: (courseId: number) => Response | Promise<Response>;
}

function api({ enrolled = [learnerCourse(), completedCourse()], recent = learnerCourse(), overall, details }: Fake = {}): FetchHandler {
  return (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/Course/Course/Enrolled/u-1') return envelope(enrolled);
    if (path === '/api/Course/Course/Recent/u-1') return envelope(recent);
    if (path === '/api/Course/Course/Overall/Percentage') return envelope(overall ?? { percentage: 70, activeCourses: 1, completedCourses: 1 });
    const match = /^\/api\/Course\/Course\/Enrolled\/Details\/u-1\/(\d+)$/.exec(path);
    if (match) return details ? details(Number(match[1])) : envelope(playerContent({ courseId: Number(match[1]) }));
    return envelope(null, { status: 404 });
  };
}

function show(fake?: Fake) {
  return renderApp(<DashboardPage />, { path: '/dashboard', session: makeSession(), fetch: api(fake), routes: destinations });
}

const where = () => JSON.parse(screen.getByTestId('where').textContent!) as { path: string; state: Record<string, unknown> };

describe('dashboard', () => {
  it('greets the learner by name and shows the overall percentage ring with the number of active courses', async () => {
    show({ overall: { percentage: 45, activeCourses: 2, completedCourses: 0 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Obi!' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Overall progress: 45%' })).toBeInTheDocument();
    expect(screen.getByText('(2 active courses)')).toBeInTheDocument();
  });

  it('welcomes a new learner with no courses yet, never "back"', async () => {
    show({ enrolled: [], recent: null, overall: { percentage: 0, activeCourses: 0, completedCourses: 0 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Rivet, Ada Obi!' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('says active course in the singular for one', async () => {
    show({ overall: { percentage: 10, activeCourses: 1, completedCourses: 0 } });
    expect(await screen.findByText('(1 active course)')).toBeInTheDocument();
  });

  it('shows the most recent course and Keep making progress opens the player at its stored module and section', async () => {
    const user = userEvent.setup();
    show({ recent: learnerCourse({ currentModule: 52, currentSection: 521 }) });
    const banner = await screen.findByRole('region', { name: 'Customer Service Excellence' });
    expect(within(banner).getByText('Delight every customer, on the phone and at the counter.')).toBeInTheDocument();
    expect(within(banner).getByText('You are enrolled in the Customer Service Excellence with University of Lagos')).toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'Keep making progress' }));
    expect(where()).toEqual({
      path: '/course/delivery?courseId=5',
      state: { courseId: 5, userId: 'u-1', currentModule: 52, currentSection: 521 },
    });
  });

  it('offers to explore courses instead of a banner when the learner has no course yet, and says so under the ring', async () => {
    show({ enrolled: [], recent: null, overall: { percentage: 0, activeCourses: 0, completedCourses: 0 } });
    expect(await screen.findByRole('heading', { name: 'Start your first course' })).toBeInTheDocument();
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    expect(screen.queryByText('(0 active courses)')).not.toBeInTheDocument();
  });

  it('tells a learner whose courses are all complete so, with Explore more courses and their certificates, never Keep making progress', async () => {
    const user = userEvent.setup();
    const done = [completedCourse(), completedCourse({ courseId: 11, title: 'Bookkeeping Basics' })];
    show({ enrolled: done, recent: done[0], overall: { percentage: 100, activeCourses: 0, completedCourses: 2 } });
    const banner = await screen.findByRole('region', { name: 'You’ve completed all your courses' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada Obi!' })).toBeInTheDocument();
    expect(await screen.findByText('All 2 courses completed')).toBeInTheDocument();
    expect(screen.queryByText('(0 active courses)')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Keep making progress' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Explore more courses' })).toHaveAttribute('href', '/course/discovery');
    // The tabs open on Completed Courses, where each course has Get certificate.
    expect(screen.getByRole('tab', { name: 'Completed Courses' })).toHaveAttribute('aria-selected', 'true');
    const completed = await screen.findByRole('list', { name: 'Completed courses' });
    expect(within(completed).getByRole('button', { name: 'Get certificate: Bookkeeping Basics' })).toBeInTheDocument();
    // Choosing Active Courses keeps it (in the address), and the banner's link goes back to the certificates.
    await user.click(screen.getByRole('tab', { name: 'Active Courses' }));
    expect(screen.getByRole('tab', { name: 'Active Courses' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('You have no active courses yet')).toBeInTheDocument();
    await user.click(within(banner).getByRole('link', { name: 'See your certificates' }));
    expect(screen.getByRole('tab', { name: 'Completed Courses' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says Your course is completed for a learner with one course, finished', async () => {
    show({ enrolled: [completedCourse()], recent: completedCourse(), overall: { percentage: 100, activeCourses: 0, completedCourses: 1 } });
    expect(await screen.findByText('Your course is completed')).toBeInTheDocument();
  });

  it('offers View course, not Keep making progress, when the most recent course is finished but others are not', async () => {
    show({ recent: completedCourse(), overall: { percentage: 70, activeCourses: 1, completedCourses: 1 } });
    const banner = await screen.findByRole('region', { name: 'Writing Effective Business Emails' });
    expect(within(banner).getByRole('link', { name: 'View course' })).toBeInTheDocument();
    expect(screen.getByText('(1 active course)')).toBeInTheDocument();
  });

  it('lists active courses with progress and Resume, and completed ones with View and Get certificate under their tabs', async () => {
    const user = userEvent.setup();
    show();
    const active = await screen.findByRole('list', { name: 'Active courses' });
    expect(screen.getByRole('tab', { name: 'Active Courses' })).toHaveAttribute('aria-selected', 'true');
    expect(within(active).getByRole('heading', { name: 'Customer Service Excellence' })).toBeInTheDocument();
    expect(within(active).getByText('Partner: University of Lagos')).toBeInTheDocument();
    expect(within(active).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(active).getByRole('button', { name: 'Resume: Customer Service Excellence' })).toBeInTheDocument();
    expect(within(active).queryByRole('button', { name: /Get certificate/ })).not.toBeInTheDocument();
    expect(within(active).queryByText('Writing Effective Business Emails')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Completed Courses' }));
    const completed = screen.getByRole('list', { name: 'Completed courses' });
    expect(within(completed).getByText('Partner: Lagos Business School')).toBeInTheDocument();
    expect(within(completed).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(completed).getByRole('button', { name: 'View: Writing Effective Business Emails' })).toBeInTheDocument();
    expect(within(completed).getByRole('button', { name: 'Get certificate: Writing Effective Business Emails' })).toBeInTheDocument();
  });

  it('says there are no active or completed courses yet, with a way to explore courses', async () => {
    const user = userEvent.setup();
    show({ enrolled: [], recent: null });
    expect(await screen.findByText('You have no active courses yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Explore courses' })).toHaveAttribute('href', '/course/discovery');
    await user.click(screen.getByRole('tab', { name: 'Completed Courses' }));
    expect(screen.getByText('You have no completed courses yet')).toBeInTheDocument();
  });

  it('shows loading placeholders, then the cards', async () => {
    show();
    expect(screen.getByText('Loading courses')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('list', { name: 'Active courses' })).toBeInTheDocument();
    expect(screen.queryByText('Loading courses')).not.toBeInTheDocument();
  });

  it('shows a failed course list with Try again, which loads it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const base = api();
    renderApp(<DashboardPage />, {
      path: '/dashboard',
      session: makeSession(),
      fetch: (request) =>
        new URL(request.url).pathname === '/api/Course/Course/Enrolled/u-1' && fail
          ? envelope(null, { status: 500, description: 'The course list is unavailable' })
          : base(request),
    });
    expect(await screen.findByText('The course list is unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Active courses' })).toBeInTheDocument();
  });

  it('keeps a card loading while the course is fetched, then opens the player where the learner stopped', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    show({
      details: async (courseId) => {
        await gate;
        return envelope(playerContent({ courseId, currentModule: 52, currentSection: 522 }));
      },
    });
    const resume = await screen.findByRole('button', { name: 'Resume: Customer Service Excellence' });
    await user.click(resume);
    expect(resume).toHaveAttribute('aria-disabled', 'true');
    release();
    await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
    expect(where()).toEqual({
      path: '/course/delivery?courseId=5',
      state: { courseId: 5, userId: 'u-1', currentModule: 52, currentSection: 522 },
    });
  });

  it('opens the course-completed page from Get certificate once the course is loaded', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('tab', { name: 'Completed Courses' }));
    await user.click(await screen.findByRole('button', { name: 'Get certificate: Writing Effective Business Emails' }));
    await waitFor(() => expect(where().path).toBe('/course/course-completed?courseId=9'));
  });

  it('stops loading and shows the error in a toast when the course cannot be loaded', async () => {
    const user = userEvent.setup();
    show({ details: () => envelope(null, { status: 403, description: 'You are not enrolled in this course' }) });
    const resume = await screen.findByRole('button', { name: 'Resume: Customer Service Excellence' });
    await user.click(resume);
    expect(await screen.findByText('You are not enrolled in this course')).toBeInTheDocument();
    expect(resume).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('has the dashboard sidebar with Dashboard and Courses (my learnings)', async () => {
    show();
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/course/my-learnings');
    await screen.findByRole('list', { name: 'Active courses' });
  });
});

describe('dashboard offline, for a course that is not downloaded', () => {
  it('says the course is not on this phone and can be downloaded when back online, and Resume waits', async () => {
    show();
    const resume = await screen.findByRole('button', { name: 'Resume: Customer Service Excellence' });
    expect(resume).toBeEnabled();
    act(() => setOnline(false));
    expect(await screen.findByText(OFFLINE_NOTES.none)).toBeInTheDocument();
    expect(resume).toBeDisabled();
    expect(resume).toHaveAccessibleDescription(OFFLINE_NOTES.none);
    expect(document.body.textContent).not.toMatch(/contact your admin/);
    act(() => setOnline(true));
    await waitFor(() => expect(resume).toBeEnabled());
    expect(screen.queryByText(OFFLINE_NOTES.none)).not.toBeInTheDocument();
  });

  it('keeps Resume for a course opened before (its articles and quizzes are here) and says videos need the network', async () => {
    await saveCourseContent('u-1', playerContent({ courseId: 5 }));
    show();
    const resume = await screen.findByRole('button', { name: 'Resume: Customer Service Excellence' });
    act(() => setOnline(false));
    expect(await screen.findByText(OFFLINE_NOTES.opened)).toBeInTheDocument();
    expect(resume).toBeEnabled();
  });
});
