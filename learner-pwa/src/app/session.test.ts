import { afterEach, describe, expect, it, vi } from 'vitest';
import { overallPercentage } from '@rivet/shared/api/learning';
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
