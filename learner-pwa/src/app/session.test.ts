import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrolledCourses, overallPercentage, recentCourse } from '@rivet/shared/api/learning';
import { learnerCourse, playerContent } from '../test/learner-course-fixtures';
import { makeSession } from '../test/render-app';
import { createLearnerSession, refreshAtStart } from './session';

const envelope = (status: number, data: unknown, description = 'Successful') =>
  new Response(JSON.stringify({ success: status < 400, description, data, code: status < 400 ? '00' : '99' }), { status, headers: { 'content-type': 'application/json' } });

/** A learner app as it starts: the profile from an earlier visit in storage, no access token. */
function startingApp(stored: boolean, answer: (url: string) => Response) {
  localStorage.clear();
  const { accessToken: _token, accessTokenExpiry: _expiry, ...profile } = makeSession();
  if (stored) localStorage.setItem('rivet.learner.session', JSON.stringify({ ...profile, v: 1 }));
  const calls: string[] = [];
  const manager = createLearnerSession({
    storage: localStorage,
    retryDelayMs: 0,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      calls.push(`${path} ${request.headers.get('authorization') ?? '-'}`);
      return answer(path);
    }) as typeof fetch,
  });
  return { manager, calls };
}

describe('refreshAtStart', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('asks for the access token as a signed-in learner’s app starts, and the screen’s first call uses it', async () => {
    const { manager, calls } = startingApp(true, (path) => (path.endsWith('/RefreshToken') ? envelope(200, makeSession({ accessToken: 'fresh' })) : envelope(200, { percentage: 40, activeCourses: 2, completedCourses: 1 })));
    refreshAtStart(manager);
    expect(calls).toEqual(['/api/Authentication/Account/RefreshToken -']);
    // The screen asks while the refresh is on its way: it waits for the same one.
    await expect(manager.api.call(overallPercentage)).resolves.toEqual({ percentage: 40, activeCourses: 2, completedCourses: 1 });
    expect(calls.filter((c) => c.includes('/RefreshToken'))).toHaveLength(1);
    expect(calls.at(-1)).toBe('/api/Course/Course/Overall/Percentage Bearer fresh');
    expect(manager.store.get(manager.sessionAtom).accessToken).toBe('fresh');
  });

  it('asks nothing for a visitor, or offline', async () => {
    const visitor = startingApp(false, () => envelope(200, null));
    refreshAtStart(visitor.manager);
    expect(visitor.calls).toEqual([]);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = startingApp(true, () => envelope(200, null));
    refreshAtStart(offline.manager);
    expect(offline.calls).toEqual([]);
  });

  it('a refused cookie ends the session, as it would on the screen’s first call', async () => {
    const { manager } = startingApp(true, () => envelope(401, null, 'Session timed out'));
    refreshAtStart(manager);
    await vi.waitFor(() => expect(manager.store.get(manager.sessionAtom)).toMatchObject({ profile: null, timedOut: true }));
  });
});

describe('the first screen’s calls start with the refresh', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  const answers = (path: string) =>
    path.endsWith('/RefreshToken')
      ? envelope(200, makeSession({ accessToken: 'fresh' }))
      : path.includes('/Recent/')
        ? envelope(200, learnerCourse({ courseThumbNailUrl: '/media/recent.jpg' }))
        : path.includes('/Enrolled/Details/')
          ? envelope(200, playerContent({ courseThumbNailUrl: '/media/poster.jpg' }))
          : path.includes('/Enrolled/')
            ? envelope(200, [learnerCourse()])
            : envelope(200, { percentage: 40, activeCourses: 1, completedCourses: 0 });

  it('on the dashboard: its three calls and its largest picture, and the screen asks for nothing again', async () => {
    const { manager, calls } = startingApp(true, answers);
    await refreshAtStart(manager, { pathname: '/dashboard', search: '' });
    expect(calls).toEqual([
      '/api/Authentication/Account/RefreshToken -',
      '/api/Course/Course/Overall/Percentage Bearer fresh',
      '/api/Course/Course/Enrolled/u-1 Bearer fresh',
      '/api/Course/Course/Recent/u-1 Bearer fresh',
    ]);
    const picture = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(picture?.getAttribute('href')).toBe('/media/recent.jpg');
    expect(picture?.getAttribute('fetchpriority')).toBe('high');
    await manager.api.call(overallPercentage);
    await manager.api.call(recentCourse, { params: { userId: 'u-1' } });
    await manager.api.call(enrolledCourses, { params: { userId: 'u-1' } });
    expect(calls).toHaveLength(4);
  });

  it('in the player: the course’s content and its poster', async () => {
    const { manager, calls } = startingApp(true, answers);
    await refreshAtStart(manager, { pathname: '/course/delivery', search: '?courseId=18' });
    expect(calls.at(-1)).toBe('/api/Course/Course/Enrolled/Details/u-1/18 Bearer fresh');
    expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe('/media/poster.jpg');
  });

  it('nowhere else, and not for a player address without a course', async () => {
    for (const [pathname, search] of [['/course/discovery', ''], ['/course/delivery', ''], ['/course/delivery', '?courseId=abc']] as const) {
      const { manager, calls } = startingApp(true, answers);
      await refreshAtStart(manager, { pathname, search });
      expect(calls).toEqual(['/api/Authentication/Account/RefreshToken -']);
    }
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
