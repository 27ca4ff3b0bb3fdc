import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setCatalogueRestoreState } from '../../offline/catalogue-restored';
import type { CourseDetail } from '@rivet/shared/api/course';
import { envelope, makeSession, renderApp, type FetchHandler } from '../../test/render-app';
import { courseDetail } from '../../test/catalogue-fixtures';
import { CourseDetailPage } from './course-detail-page';

const PATH = '/course/details/1/excel-for-small-business';
const ROUTE = '/course/details/:id/:coursetitle?';
const PAID = { isPaid: true, coursePrice: { amount: 8500, basePrice: 8500, vat: 0, gatewayCharge: 0, currencyId: 1 } };

function api(course: CourseDetail, { enrolled = false, enrol }: { enrolled?: boolean; enrol?: () => Response } = {}): FetchHandler {
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/Course/GetCourseById/1')) return envelope(course);
    if (url.pathname.includes('/Course/Institution/')) return envelope({ items: [], totalRows: 0, page: 1, pageSize: 50 });
    if (url.pathname.endsWith('/Course/CheckEnrollment/u-1/1')) return envelope({ enrolled, currentModule: enrolled ? 2 : null, currentSection: enrolled ? 3 : null });
    if (url.pathname.endsWith('/Course/Enroll')) return enrol ? enrol() : envelope({ enrolled: true });
    return envelope(null, { status: 404 });
  };
}

const destinations = [
  { path: '/', element: <p>Home page</p> },
  { path: '/course/delivery', element: <p>Course player</p> },
  { path: '/course/checkout', element: <p>Checkout</p> },
];

async function enrolButton() {
  const aside = await screen.findByRole('complementary', { name: 'Enrolment' });
  return within(aside).findByRole('button', { name: /Enrol|Proceed to Course/ });
}

describe('course detail', () => {
  it('shows the course: price, access, certificate, details, curriculum and partner, without running scripts in its HTML', async () => {
    const { container } = renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: api(courseDetail()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Excel for Small Business' })).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Enrolment' });
    expect(within(aside).getByText('Free')).toBeInTheDocument();
    expect(within(aside).getByText('1 Year Access')).toBeInTheDocument();
    expect(within(aside).getByText('Shareable Certificate')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What You will Learn' })).toBeInTheDocument();
    expect(screen.getByText('Track stock')).not.toHaveAttribute('onclick');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('Self-paced')).toBeInTheDocument();
    expect(screen.getByText('9 hrs 45 mins')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Getting started/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('3:05')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'courses@lbs.example.ng' })).toHaveAttribute('href', 'mailto:courses@lbs.example.ng');
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controlsList', 'nodownload');
    expect(video).toHaveAttribute('poster', '/media/demo/excel-banner.jpg');
  });

  it('shows the headline, the instructor and the effort the author entered, beside the duration from the content', async () => {
    const course = courseDetail({ headLine: 'Budgets and stock your shop can trust', instructorName: 'Ada Obi', effort: '4 to 6 hours per week', duration: 65 });
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: api(course) });
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Excel for Small Business' })).closest('header')!;
    expect(within(hero).getByText('Budgets and stock your shop can trust')).toBeInTheDocument();
    expect(within(hero).getByText('Instructor: Ada Obi')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Course details' });
    const fact = (term: string) => within(details).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(fact('Instructor')).toBe('Ada Obi');
    // Shown even though the lessons take less than a week at that pace (decision 080).
    expect(fact('Effort')).toBe('4 to 6 hours per week');
    expect(fact('Duration')).toBe('1 hr 5 mins');
  });

  it('leaves out a headline and instructor the course has not got, and a duration nothing has measured', async () => {
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: api(courseDetail({ headLine: null, instructorName: null, duration: 0 })) });
    const details = await screen.findByRole('region', { name: 'Course details' });
    expect(screen.queryByText(/^Instructor:/)).toBeNull();
    expect(within(details).queryByText('Instructor', { selector: 'dt' })).toBeNull();
    expect(within(details).queryByText('Duration', { selector: 'dt' })).toBeNull();
  });

  it('sends a signed-out learner to sign in, carrying this page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, routes: destinations, fetch: api(courseDetail()) });
    const button = await enrolButton();
    expect(button).toHaveTextContent('Enrol');
    await user.click(button);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#sign-in');
    expect(router.state.location.state).toEqual({ from: PATH, reason: 'enrol', courseTitle: 'Excel for Small Business' });
  });

  it('enrols a signed-in learner in a free course, then offers Proceed to Course into the player', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, routes: destinations, fetch: api(courseDetail()), session: makeSession() });
    await waitFor(async () => expect(await enrolButton()).toHaveTextContent('Enrol'));
    await user.click(await enrolButton());
    await waitFor(async () => expect(await enrolButton()).toHaveTextContent('Proceed to Course'));
    const enrol = calls.find((c) => c.url.endsWith('/Course/Enroll'))!;
    expect(await enrol.json()).toEqual({ userId: 'u-1', courseId: 1 });
    await user.click(await enrolButton());
    expect(await screen.findByText('Course player')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ courseId: 1, userId: 'u-1', currentModule: null, currentSection: null });
  });

  it('offers an enrolled learner Proceed to Course, which lets the player resume where the learner stopped', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, routes: destinations, fetch: api(courseDetail(), { enrolled: true }), session: makeSession() });
    await waitFor(async () => expect(await enrolButton()).toHaveTextContent('Proceed to Course'));
    await user.click(await enrolButton());
    expect(await screen.findByText('Course player')).toBeInTheDocument();
    // Not the enrolment answer's place (it may be minutes old): the player finds it in its copy of the course.
    expect(router.state.location.state).toEqual({ courseId: 1, userId: 'u-1', currentModule: null, currentSection: null });
  });

  it('sends a paid course to checkout instead of enrolling', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, routes: destinations, fetch: api(courseDetail(PAID)), session: makeSession() });
    expect(await screen.findAllByText('₦8,500')).not.toHaveLength(0);
    await waitFor(async () => expect(await enrolButton()).toHaveTextContent('Enrol'));
    await user.click(await enrolButton());
    expect(await screen.findByText('Checkout')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/course/checkout?courseId=1');
    expect(router.state.location.state).toEqual({ courseId: 1 });
    expect(calls.some((c) => c.url.endsWith('/Course/Enroll'))).toBe(false);
  });

  it('shows the server’s description when enrolling fails', async () => {
    const user = userEvent.setup();
    const refuse = () => envelope(null, { status: 422, description: 'This course must be paid for at checkout.' });
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: api(courseDetail(), { enrol: refuse }), session: makeSession() });
    await waitFor(async () => expect(await enrolButton()).toHaveTextContent('Enrol'));
    await user.click(await enrolButton());
    expect(await screen.findByText('This course must be paid for at checkout.')).toBeInTheDocument();
  });

  it('says plainly that enrolling needs a connection when the learner goes offline, and enables Enroll again online', async () => {
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, routes: destinations, fetch: api(courseDetail()), session: makeSession() });
    await waitFor(async () => expect(await enrolButton()).toHaveTextContent('Enrol'));
    const setOnline = (online: boolean) => {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    act(() => setOnline(false));
    expect(await enrolButton()).toBeDisabled();
    expect(screen.getByText("You're offline. Enrolling needs a connection.")).toBeInTheDocument();
    act(() => setOnline(true));
    expect(await enrolButton()).toBeEnabled();
    expect(screen.queryByText("You're offline. Enrolling needs a connection.")).not.toBeInTheDocument();
  });

  it('says the course is not found for an unknown id', async () => {
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: () => envelope(null, { status: 404, description: 'Course not found' }) });
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });
});

describe('course detail while it cannot be shown', () => {
  const setOnline = (online: boolean) => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  afterEach(() => {
    setOnline(true);
    setCatalogueRestoreState('idle');
  });

  it('shows a spinner while the course loads', async () => {
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: () => new Promise<Response>(() => {}) });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows a failure with a retry that loads the course', async () => {
    const user = userEvent.setup();
    let failing = true;
    const course = api(courseDetail());
    renderApp(<CourseDetailPage />, {
      path: PATH,
      routePath: ROUTE,
      fetch: (request) => (failing ? envelope(null, { status: 500, description: 'Something broke on our side.' }) : course(request)),
    });
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Excel for Small Business' })).toBeInTheDocument();
  });

  it('says it will show when back online when the course was never saved, with the way back', async () => {
    act(() => {
      setOnline(false);
      setCatalogueRestoreState('restored');
    });
    renderApp(<CourseDetailPage />, { path: PATH, routePath: ROUTE, fetch: api(courseDetail()) });
    expect(await screen.findByText("This course will show when you're back online.")).toBeInTheDocument();
    expect(screen.getByText("You're offline.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/course/discovery');
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
