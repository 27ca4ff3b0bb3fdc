import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Navigate } from 'react-router';
import type { PlayerContent } from '@rivet/shared/api/learning';
import { makeSession, renderApp } from '../../test/render-app';
import { COURSE_ID, contentFixture, fakeLearningServer, withCompleted, type FakeLearningServer } from './player-fixtures';
import type { PlayerNavigationState } from './player-navigation';
import { PlayerPage } from './player-page';
import { learnerDb } from '../../offline/db';

const destinations = [
  { path: '/course/my-learnings', element: <p>My learnings page</p> },
  { path: '/course/course-completed', element: <p>Course completed page</p> },
  { path: '/course/:id/survey', element: <p>Survey page</p> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
];

/** Opens the player the way the app does: a link to deliveryFor(courseId) carrying navigation state. */
function openPlayer(content: PlayerContent, state: Partial<PlayerNavigationState> = {}, options: { contentStatus?: number; server?: FakeLearningServer } = {}) {
  const server = options.server ?? fakeLearningServer(content, { contentStatus: options.contentStatus });
  const navigationState: PlayerNavigationState = { courseId: COURSE_ID, userId: 'u-1', currentModule: null, currentSection: null, ...state };
  const utils = renderApp(<PlayerPage />, {
    path: '/start',
    routePath: '/course/delivery',
    routes: [{ path: '/start', element: <Navigate to={`/course/delivery?courseId=${COURSE_ID}`} state={navigationState} /> }, ...destinations],
    fetch: server.handler,
    session: makeSession(),
  });
  return { ...utils, server };
}

const title = () => screen.findByRole('heading', { level: 1 });
const outline = () => screen.getByRole('complementary', { name: 'Course content' });
const video = (container: HTMLElement) => container.querySelector('video')!;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('opening the player', () => {
  it('sends a learner who arrives without a course to My Learnings, saying why', async () => {
    const { router } = renderApp(<PlayerPage />, { path: '/course/delivery', routes: destinations, session: makeSession() });
    expect(await screen.findByText('My learnings page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/course/my-learnings');
    expect(await screen.findByText('Choose a course to continue learning.')).toBeInTheDocument();
  });

  it('opens at the section it was sent to, with the outline, counts and overall progress', async () => {
    openPlayer(withCompleted(contentFixture(), [101]), { currentModule: 12, currentSection: 202 });
    expect(await title()).toHaveTextContent('Reading: follow-up');
    expect(screen.getByText('Module 2: Going further')).toBeInTheDocument();
    const panel = outline();
    expect(within(panel).getByRole('button', { name: /Getting started.*1 of 3 completed/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Going further.*0 of 2 completed/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('button', { name: /Reading: follow-up/ })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '14');
  });

  it('resumes where the learner stopped, else at the first section not completed', async () => {
    const first = openPlayer(withCompleted(contentFixture(), [101, 102]));
    expect(await title()).toHaveTextContent('Key points at a glance');
    first.unmount();
    openPlayer(contentFixture({ currentModule: 12, currentSection: 201 }));
    expect(await title()).toHaveTextContent('Walkthrough: a hard call');
  });

  it('counts sessions instead of completed sections when opened from My Learnings', async () => {
    openPlayer(contentFixture(), { mode: 'my-learning' });
    await title();
    expect(within(outline()).getByRole('button', { name: /Getting started.*3 sessions/ })).toBeInTheDocument();
  });

  it('shows a spinner while the course loads, and a failure with Try again that loads it', async () => {
    const user = userEvent.setup();
    const healthy = fakeLearningServer(contentFixture());
    let failing: 'hang' | 'fail' | null = 'hang';
    const server: FakeLearningServer = {
      ...healthy,
      handler: (request) => {
        if (failing && new URL(request.url).pathname.includes('/Course/Enrolled/Details/')) {
          return failing === 'hang' ? new Promise<Response>(() => {}) : new Response(JSON.stringify({ success: false, description: 'Service unavailable' }), { status: 503 });
        }
        return healthy.handler(request);
      },
    };
    const first = openPlayer(contentFixture(), {}, { server });
    expect(await screen.findByRole('status', { name: 'Loading the course' })).toBeInTheDocument();
    first.unmount();
    failing = 'fail';
    openPlayer(contentFixture(), {}, { server });
    expect(await screen.findByRole('heading', { level: 1, name: 'The course could not be loaded' })).toBeInTheDocument();
    failing = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await title()).toHaveTextContent('Welcome to the course');
  });

  it('tells a learner who is not enrolled, with a way to the course', async () => {
    openPlayer(contentFixture(), {}, { contentStatus: 403 });
    expect(await screen.findByRole('heading', { name: 'You are not enrolled in this course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the course' })).toHaveAttribute('href', expect.stringMatching(/^\/course\/details\/7/));
  });

  it('goes back to the dashboard when there is no history to go back to', async () => {
    const user = userEvent.setup();
    renderApp(<PlayerPage />, { path: `/course/delivery?courseId=${COURSE_ID}`, routes: destinations, fetch: fakeLearningServer(contentFixture()).handler, session: makeSession() });
    expect(await title()).toHaveTextContent('Welcome to the course');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });
});

describe('video', () => {
  it('plays the mp4 with the spec’s defaults, resuming where the learner was', async () => {
    const content = contentFixture();
    content.videos[0]!.items[0]!.courseModuleItemAssets[0]!.secondsWatched = 42;
    const { container } = openPlayer(content);
    await title();
    const element = video(container);
    expect(element.getAttribute('src')).toBe('/media/signed/welcome.mp4');
    expect(element.volume).toBe(0.8);
    expect(element).toHaveAttribute('controlsList', 'nodownload');
    expect(element).toHaveAttribute('preload', 'metadata');
    expect(element.loop).toBe(false);
    expect(fireEvent.contextMenu(element)).toBe(false);
    Object.defineProperty(element, 'duration', { value: 90, configurable: true });
    fireEvent.loadedMetadata(element);
    expect(element.currentTime).toBe(42);
  });

  it('plays the HLS stream where the browser plays HLS itself, and the mp4 where it cannot use hls.js', async () => {
    const content = contentFixture();
    content.videos[0]!.items[0]!.courseModuleItemAssets[0]!.hlsUrl = '/media/signed/welcome/hls/master.m3u8';
    const native = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type.includes('mpegurl') ? 'maybe' : ''));
    const first = openPlayer(content);
    await title();
    expect(video(first.container).getAttribute('src')).toBe('/media/signed/welcome/hls/master.m3u8');
    first.unmount();
    native.mockRestore();
    // jsdom has no Media Source Extensions: hls.js says it is unsupported, so the mp4 plays.
    const second = openPlayer(content);
    await title();
    await waitFor(() => expect(video(second.container).getAttribute('src')).toBe('/media/signed/welcome.mp4'), { timeout: 5000 });
  });

  it('reports the position on pause after playback started, and not before', async () => {
    const { container, server } = openPlayer(contentFixture());
    await title();
    const element = video(container);
    fireEvent.pause(element);
    fireEvent.play(element);
    Object.defineProperty(element, 'currentTime', { value: 37.6, configurable: true });
    fireEvent.pause(element);
    await waitFor(() => expect(server.progress).toHaveLength(1));
    expect(server.progress[0]).toMatchObject({ courseId: 7, currentModule: 11, currentSection: 101, secondsWatched: 37, isCompleted: false });
  });

  it('reports where the learner was when they leave a playing video for another section', async () => {
    const user = userEvent.setup();
    const { container, server, router } = openPlayer(contentFixture());
    await title();
    const element = video(container);
    fireEvent.play(element);
    Object.defineProperty(element, 'currentTime', { value: 12, configurable: true });
    fireEvent.timeUpdate(element);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await title()).toHaveTextContent('Reading: first steps');
    // The video's time, then the section opened, as where the learner is (no video time: decision 008).
    // Each event once by its id (a screen whose event another replay delivered asks again with the same id).
    const events = () => [...new Map(server.progress.map((e) => [e.eventId, e])).values()];
    await waitFor(() =>
      expect(events()).toEqual([
        expect.objectContaining({ currentSection: 101, secondsWatched: 12, isCompleted: false }),
        expect.objectContaining({ currentModule: 11, currentSection: 102, isCompleted: false }),
      ]),
    );
    expect(events()[1]).not.toHaveProperty('secondsWatched');
    // A reload reopens the section the learner is on.
    expect(router.state.location.state).toMatchObject({ courseId: 7, currentModule: 11, currentSection: 102 });
    expect(router.state.location.search).toBe('?courseId=7');
  });

  it('at the end reports completion, ticks the section and moves to the next one after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { container, server } = openPlayer(contentFixture());
    expect(await title()).toHaveTextContent('Welcome to the course');
    fireEvent.play(video(container));
    fireEvent.ended(video(container));
    await waitFor(() => expect(server.progress).toEqual([expect.objectContaining({ currentSection: 101, secondsWatched: 90, isCompleted: true })]));
    const notice = (await screen.findByText('Next:')).closest('[role="status"]');
    expect(notice).toHaveTextContent('Next: Reading: first steps');
    await waitFor(() => expect(within(outline()).getByRole('button', { name: /Welcome to the course.*completed/ })).toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '14');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the course');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reading: first steps');
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('stays on the video when the learner cancels the move to the next section', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = openPlayer(contentFixture());
    await title();
    fireEvent.ended(video(container));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the course');
    expect(screen.queryByText('Next:')).not.toBeInTheDocument();
  });
});

describe('module and course ends', () => {
  it('offers Cancel or Complete and Continue at the end of a module; Cancel stays, the section quietly Completed', async () => {
    const user = userEvent.setup();
    openPlayer(contentFixture(), { currentModule: 11, currentSection: 103 });
    expect(await title()).toHaveTextContent('Key points at a glance');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Module complete' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Key points at a glance');
    // Done: no call to complete it again, just its state.
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).not.toBeInTheDocument();
    expect(document.querySelector('.player-actions__done')).toHaveTextContent('Completed');
  });

  it('Complete and Continue at the end of a module opens the next module, its package in a frame with Full screen', async () => {
    const user = userEvent.setup();
    const { container } = openPlayer(contentFixture(), { currentModule: 11, currentSection: 103 });
    expect(await title()).toHaveTextContent('Key points at a glance');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Module complete' })).getByRole('button', { name: 'Complete and Continue' }));
    expect(await title()).toHaveTextContent('Walkthrough: a hard call');
    const frame = container.querySelector('iframe')!;
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    expect(frame).toHaveAttribute('src', '/media/signed/package/index.html');
    expect(frame).toHaveAttribute('title', 'Walkthrough: a hard call');
    // No full screen API here (as on an iPhone): the frame fills the window instead, and comes back.
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(container.querySelector('.player-frame')).toHaveClass('player-frame--full');
    await user.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(container.querySelector('.player-frame')).not.toHaveClass('player-frame--full');
  });

  it('opens the next module’s quiz at once when that module starts with one', async () => {
    const user = userEvent.setup();
    openPlayer(contentFixture(), { currentModule: 12, currentSection: 202 });
    expect(await title()).toHaveTextContent('Reading: follow-up');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    expect(await screen.findByRole('button', { name: 'Start Quiz' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Check your understanding');
    expect(screen.getByText('2 questions')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes the learner to the survey when the last section completes a course that has one', async () => {
    const content = withCompleted(contentFixture({ hasSurvey: true }), [101, 102, 103, 201, 202, 301]);
    const { container, router } = openPlayer(content, { currentModule: 13, currentSection: 302 });
    expect(await title()).toHaveTextContent('Goodbye');
    fireEvent.play(video(container));
    fireEvent.ended(video(container));
    expect(await screen.findByText('Survey page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/course/7/survey');
  });

  it('takes the learner to the completion page when the course has no survey (or it was answered)', async () => {
    const user = userEvent.setup();
    const content = withCompleted(contentFixture({ hasSurvey: true, surveySubmitted: true }), [101, 102, 103, 201, 301, 302]);
    const { router } = openPlayer(content, { currentModule: 12, currentSection: 202 });
    expect(await title()).toHaveTextContent('Reading: follow-up');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    expect(await screen.findByText('Course completed page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?courseId=7');
  });

  it('at the last section of an unfinished course, points to what is left', async () => {
    const user = userEvent.setup();
    const { container } = openPlayer(withCompleted(contentFixture(), [101, 103, 201, 202, 301]), { currentModule: 13, currentSection: 302 });
    await title();
    fireEvent.ended(video(container));
    const dialog = await screen.findByRole('dialog', { name: 'Almost there' });
    expect(dialog).toHaveTextContent('One section is still to complete, starting with Reading: first steps.');
    await user.click(within(dialog).getByRole('button', { name: 'Go to what is left' }));
    expect(await title()).toHaveTextContent('Reading: first steps');
  });
});

describe('articles, pictures and saving', () => {
  it('shows an article without its scripts; Mark as Completed ticks it and updates the progress at once', async () => {
    const user = userEvent.setup();
    const { container, server } = openPlayer(contentFixture(), { currentModule: 11, currentSection: 102 });
    expect(await title()).toHaveTextContent('Reading: first steps');
    const article = screen.getByRole('article', { name: 'Reading: first steps' });
    expect(within(article).getByRole('heading', { name: 'First steps' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await waitFor(() => expect(server.progress).toEqual([expect.objectContaining({ currentModule: 11, currentSection: 102, isCompleted: true })]));
    await waitFor(() => expect(document.querySelector('.player-actions__done')).toHaveTextContent('Completed'));
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).not.toBeInTheDocument();
    expect(within(outline()).getByRole('button', { name: /Reading: first steps.*completed/ })).toBeInTheDocument();
    expect(within(outline()).getByRole('button', { name: /Getting started.*1 of 3 completed/ })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '14');
    expect((await screen.findByText('Next:')).closest('[role="status"]')).toHaveTextContent('Next: Key points at a glance');
  });

  it('saves the article as an HTML file', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:article';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    let downloadName = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloadName = this.download;
    });
    openPlayer(contentFixture(), { currentModule: 11, currentSection: 102 });
    await title();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloadName).toBe('reading-first-steps.html');
    const html = await saved[0]!.text();
    expect(html).toContain('<title>Reading: first steps</title>');
    expect(html).toContain('Greet every customer.');
    expect(html).not.toContain('<script>');
  });

  it('shows a picture with its title as its description', async () => {
    openPlayer(contentFixture(), { currentModule: 11, currentSection: 103 });
    await title();
    // Named by the author's alt text, never the file name (decision 093).
    expect(screen.getByRole('img', { name: 'Three key points: greet, listen, follow up' })).toHaveAttribute('src', '/media/signed/key-points.png');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('shows why the server refused an event in a notification, keeps the learner where they are and parks the event', async () => {
    const user = userEvent.setup();
    const server = fakeLearningServer(contentFixture());
    server.failProgress = { status: 404, description: 'Section not found in this course' };
    openPlayer(contentFixture(), { currentModule: 11, currentSection: 102 }, { server });
    await title();
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    expect(await screen.findByText('Section not found in this course')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reading: first steps');
    expect(screen.queryByText('Next:')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Completed' })).toBeEnabled();
    const parked = await learnerDb().outbox.toArray();
    expect(parked.map((e) => [e.state, e.status, e.reason])).toEqual([['parked', 404, 'Section not found in this course']]);
  });

  it.each([
    ['offline', 'network' as const],
    ['the server fails (5xx)', { status: 503, description: 'Service unavailable' }],
  ])('keeps studying when %s: the section is ticked by the phone and the event waits in the outbox', async (_when, failure) => {
    const user = userEvent.setup();
    const server = fakeLearningServer(contentFixture());
    server.failProgress = failure;
    openPlayer(contentFixture(), { currentModule: 11, currentSection: 102 }, { server });
    await title();
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await waitFor(() => expect(within(outline()).getByRole('button', { name: /Reading: first steps.*completed/ })).toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '14');
    expect(screen.queryByText(/could not|couldn't/)).not.toBeInTheDocument();
    const queued = await learnerDb().outbox.toArray();
    expect(queued.map((e) => [e.state, e.event.type, e.attempts])).toEqual([['pending', 'progress', 1]]);
    expect(queued[0]!.event).toMatchObject({ courseId: 7, currentModule: 11, currentSection: 102, isCompleted: true });
  });
});
