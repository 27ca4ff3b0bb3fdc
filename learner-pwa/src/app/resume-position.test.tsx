// Resume opens where the learner was: finishing lesson 1, then opening lesson 3 and leaving without
// doing anything there, makes the dashboard's Resume (and 'Keep making progress') open lesson 3,
// online and offline. The dashboard and the player together, as the app routes them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { CourseDetailPage } from '../features/course-detail/course-detail-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { contentFixture, withCompleted } from '../features/player/player-fixtures';
import { PlayerPage } from '../features/player/player-page';
import { learnerDb } from '../offline/db';
import { courseDetail } from '../test/catalogue-fixtures';
import { learnerCourse } from '../test/learner-course-fixtures';
import { envelope, makeSession, renderApp, type FetchHandler } from '../test/render-app';

/** A server that keeps the learner's position as the real one does: the latest progress event's section. */
function fakeServer() {
  // Lesson 1 (the video) finished: that is where the learner stands.
  const content: PlayerContent = withCompleted(contentFixture({ currentModule: 11, currentSection: 101 }), [101]);
  const server = {
    offline: false,
    progress: [] as Record<string, unknown>[],
    handler: (async (request) => {
      if (server.offline) throw new TypeError('Failed to fetch');
      const path = new URL(request.url).pathname;
      const course = learnerCourse({ courseId: content.courseId, title: content.title, percentage: content.percentage, currentModule: content.currentModule, currentSection: content.currentSection });
      if (path === '/api/Course/Course/Enrolled/u-1') return envelope([course]);
      if (path === '/api/Course/Course/Recent/u-1') return envelope(course);
      if (path === '/api/Course/Course/Overall/Percentage') return envelope({ percentage: content.percentage, activeCourses: 1, completedCourses: 0 });
      if (path === `/api/Course/Course/Enrolled/Details/u-1/${content.courseId}`) return envelope(content);
      if (path === `/api/Course/Course/GetCourseById/${content.courseId}`) return envelope(courseDetail({ courseId: content.courseId, title: content.title }));
      if (path.includes('/Course/Institution/')) return envelope({ items: [], totalRows: 0, page: 1, pageSize: 50 });
      if (path === `/api/Course/Course/CheckEnrollment/u-1/${content.courseId}`) return envelope({ enrolled: true, currentModule: content.currentModule, currentSection: content.currentSection });
      if (path === '/api/Course/Course/Uploadviewing/u-1') {
        const body = (await request.json()) as { currentModule: number; currentSection: number };
        server.progress.push(body);
        content.currentModule = body.currentModule;
        content.currentSection = body.currentSection;
        const done = content.videos.flatMap((m) => m.items).find((s) => s.courseModuleItemId === body.currentSection)?.isCompleted ?? false;
        return envelope({ isCompleted: done, moduleCompleted: false, courseCompleted: false, hasSurvey: false, surveySubmitted: false, percentage: content.percentage, duplicate: false });
      }
      return envelope(null, { status: 404 });
    }) as FetchHandler,
  };
  return server;
}

const routes = [
  { path: '/course/delivery', element: <PlayerPage /> },
  { path: '/course/details/:id/:coursetitle?', element: <CourseDetailPage /> },
];

function openDashboard(server: ReturnType<typeof fakeServer>) {
  return renderApp(<DashboardPage />, { path: '/dashboard', session: makeSession(), fetch: server.handler, routes });
}

const title = () => screen.findByRole('heading', { level: 1, name: /Welcome to the course|Key points at a glance/ });
const resume = async () => userEvent.setup().click(await screen.findByRole('button', { name: 'Resume: Customer Service Excellence' }));

/** From the dashboard: Resume (lesson 1), then (after `inPlayer`) open lesson 3 in the outline and Go Back to the dashboard. */
async function openLessonThreeAndLeave(inPlayer?: () => void) {
  const user = userEvent.setup();
  await resume();
  expect(await title()).toHaveTextContent('Welcome to the course');
  inPlayer?.();
  const outline = screen.getByRole('complementary', { name: 'Course content' });
  await user.click(within(outline).getByRole('button', { name: /Key points at a glance/ }));
  expect(await title()).toHaveTextContent('Key points at a glance');
  await user.click(screen.getByRole('button', { name: 'Go Back' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Obi!' })).toBeInTheDocument();
}

describe('Resume after opening a lesson and leaving', () => {
  it('opens lesson 3, not the lesson 1 last finished, online: at once and after the app starts again', async () => {
    const server = fakeServer();
    const first = openDashboard(server);
    await openLessonThreeAndLeave();
    // The opening was recorded as a position only: lesson 1's video time is not touched.
    await waitFor(() => expect(server.progress[0]).toMatchObject({ currentModule: 11, currentSection: 103, isCompleted: false }));
    expect(new Set(server.progress.map((e) => e.eventId)).size).toBe(1);
    expect(server.progress[0]).not.toHaveProperty('secondsWatched');

    await resume();
    expect(await title()).toHaveTextContent('Key points at a glance');
    first.unmount();

    // Started again: the server's answer says the same, for the card and the banner.
    openDashboard(server);
    const banner = await screen.findByRole('region', { name: 'Customer Service Excellence' });
    await userEvent.setup().click(within(banner).getByRole('link', { name: 'Keep making progress' }));
    expect(await title()).toHaveTextContent('Key points at a glance');
  });

  it('opens lesson 3 from the course page too, though its enrolment answer came before lesson 3 was opened', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderApp(<CourseDetailPage />, { path: '/course/details/7/customer-service-excellence', routePath: routes[1]!.path, session: makeSession(), fetch: server.handler, routes: [routes[0]!] });
    const proceed = async () => user.click(within(await screen.findByRole('complementary', { name: 'Enrolment' })).getByRole('button', { name: 'Proceed to Course' }));
    await waitFor(proceed);
    expect(await title()).toHaveTextContent('Welcome to the course');
    await user.click(within(screen.getByRole('complementary', { name: 'Course content' })).getByRole('button', { name: /Key points at a glance/ }));
    expect(await title()).toHaveTextContent('Key points at a glance');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(proceed);
    expect(await title()).toHaveTextContent('Key points at a glance');
  });

  it('opens lesson 3 offline, from the phone’s copy, with the opening waiting in the outbox', async () => {
    const server = fakeServer();
    const first = openDashboard(server);
    // The network goes while the learner is in the player.
    await openLessonThreeAndLeave(() => {
      server.offline = true;
    });
    await waitFor(async () => expect((await learnerDb().outbox.toArray()).map((e) => [e.state, e.event])).toEqual([['pending', expect.objectContaining({ type: 'progress', currentSection: 103 })]]));

    await resume();
    expect(await title()).toHaveTextContent('Key points at a glance');
    first.unmount();

    // The app starts again without a network: the kept lists and the phone's copy of the course.
    openDashboard(server);
    await resume();
    expect(await title()).toHaveTextContent('Key points at a glance');
    expect(server.progress).toEqual([]);
  });
});
