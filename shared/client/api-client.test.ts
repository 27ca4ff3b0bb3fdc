import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { defineEndpoint, PUBLIC, SIGNED_IN } from '../api/contract';
import type { Session } from '../api/authentication';
import { createApiClient, PRIMED_FOR_MS } from './api-client';
import { NETWORK_ERROR_MESSAGE, SESSION_TIMED_OUT } from './errors';
import { NO_RETRY_STATUSES } from './retry-policy';

const getThing = defineEndpoint({ service: 'Course', method: 'GET', path: 'Thing/{id}', summary: 't', access: SIGNED_IN, data: v.object({ name: v.string() }) });
const postThing = defineEndpoint({ service: 'Course', method: 'POST', path: 'Thing', summary: 't', access: SIGNED_IN, body: v.object({ name: v.string() }), data: v.null() });
const gzipThing = defineEndpoint({ service: 'Course', method: 'POST', path: 'Many', summary: 't', access: SIGNED_IN, gzipBody: true, body: v.object({ items: v.array(v.string()) }), data: v.null() });
const publicThing = defineEndpoint({ service: 'Course', method: 'GET', path: 'Public', summary: 't', access: PUBLIC, data: v.null() });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, description: 'Successful', data, code: '00' });
const fail = (status: number, description: string) => json(status, { success: false, description, data: null, code: 'x' });

function setup(handler: (req: Request, calls: Request[]) => Response | Promise<Response>) {
  const calls: Request[] = [];
  let token: string | null = 'old-token';
  const onSession = vi.fn((s: Session) => {
    token = s.accessToken;
  });
  const onSessionExpired = vi.fn();
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    calls.push(req.clone());
    return handler(req, calls);
  });
  const api = createApiClient({
    app: 'learner',
    baseUrl: 'http://test.local',
    fetch: fetchFn as unknown as typeof fetch,
    retryDelayMs: 0,
    getAccessToken: () => token,
    onSession,
    onSessionExpired,
  });
  return { api, calls, onSession, onSessionExpired };
}

const session = (accessToken: string) => ({
  userId: 'u', userName: 'a@b.ng', email: 'a@b.ng', firstName: 'A', lastName: 'B', profilePix: null, role: 'STUDENT', roleId: 12, roleType: 0,
  permissions: [], isFirstLogin: false, studentProfileId: 1, staffProfileId: null, institutionId: null, institutionName: null, institutionCode: null,
  institutionLogo: null, accessToken, accessTokenExpiry: '2026-01-01T00:00:00Z', refreshTokenExpiry: '2026-02-01T00:00:00Z',
});

describe('the API client', () => {
  it('gzips a large body of an endpoint that takes it, and sends small ones and other endpoints plain', async () => {
    const { api, calls } = setup(() => ok(null));
    const items = Array.from({ length: 200 }, (_, i) => `event-${i}-progress`);
    await api.call(gzipThing, { body: { items } });
    expect(calls[0]!.headers.get('content-encoding')).toBe('gzip');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    const bytes = new Uint8Array(await calls[0]!.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify({ items }).length / 3);
    const inflated = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(inflated)).toEqual({ items });

    await api.call(gzipThing, { body: { items: ['one'] } });
    expect(calls[1]!.headers.get('content-encoding')).toBeNull();
    expect(await calls[1]!.json()).toEqual({ items: ['one'] });
    await api.call(postThing, { body: { name: 'x'.repeat(5000) } });
    expect(calls[2]!.headers.get('content-encoding')).toBeNull();
  });

  it('sends the bearer token to the contract path and returns the validated data', async () => {
    const { api, calls } = setup(() => ok({ name: 'Excel' }));
    await expect(api.call(getThing, { params: { id: 7 } })).resolves.toEqual({ name: 'Excel' });
    expect(calls[0]!.url).toBe('http://test.local/api/Course/Thing/7');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer old-token');
  });

  it('refreshes once on a 401 and retries the call with the new token', async () => {
    const { api, calls, onSession } = setup((req) => {
      if (req.url.endsWith('/RefreshToken')) return ok(session('new-token'));
      return req.headers.get('authorization') === 'Bearer new-token' ? ok({ name: 'again' }) : fail(401, 'Your session has expired.');
    });
    await expect(api.call(getThing, { params: { id: 1 } })).resolves.toEqual({ name: 'again' });
    expect(onSession).toHaveBeenCalledOnce();
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/Course/Thing/1', '/api/Authentication/Account/RefreshToken', '/api/Course/Thing/1']);
  });

  it('shares one refresh between concurrent calls', async () => {
    const { api, calls } = setup((req) => {
      if (req.url.endsWith('/RefreshToken')) return ok(session('new-token'));
      return req.headers.get('authorization') === 'Bearer new-token' ? ok({ name: 'x' }) : fail(401, 'expired');
    });
    await Promise.all([api.call(getThing, { params: { id: 1 } }), api.call(getThing, { params: { id: 2 } })]);
    expect(calls.filter((c) => c.url.endsWith('/RefreshToken'))).toHaveLength(1);
  });

  it('ends the session with "Session timed out" when the refresh is rejected', async () => {
    const { api, onSessionExpired } = setup((req) => (req.url.endsWith('/RefreshToken') ? fail(401, 'Session timed out') : fail(401, 'expired')));
    await expect(api.call(getThing, { params: { id: 1 } })).rejects.toMatchObject({ kind: 'session-expired', message: SESSION_TIMED_OUT });
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('does not refresh on a 401 from a public call (e.g. a wrong password)', async () => {
    const { api, calls } = setup(() => fail(401, 'Invalid email or password'));
    await expect(api.call(publicThing)).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(calls).toHaveLength(1);
  });

  it('retries a failed query once', async () => {
    const { api, calls } = setup((_req, all) => (all.length === 1 ? fail(503, 'busy') : ok({ name: 'ok' })));
    await expect(api.call(getThing, { params: { id: 1 } })).resolves.toEqual({ name: 'ok' });
    expect(calls).toHaveLength(2);
  });

  it('gives up after one retry', async () => {
    const { api, calls } = setup(() => fail(500, 'Something went wrong on our side. Please try again.'));
    await expect(api.call(getThing, { params: { id: 1 } })).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(2);
  });

  it.each(NO_RETRY_STATUSES.filter((s) => s !== 401))('never retries a %i', async (status) => {
    const { api, calls } = setup(() => fail(status, 'nope'));
    await expect(api.call(getThing, { params: { id: 1 } })).rejects.toMatchObject({ status, message: 'nope' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a mutation', async () => {
    const { api, calls } = setup(() => fail(503, 'busy'));
    await expect(api.call(postThing, { body: { name: 'x' } })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('turns an unreachable server into the spec’s network message', async () => {
    const { api } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.call(postThing, { body: { name: 'x' } })).rejects.toMatchObject({ kind: 'network', message: NETWORK_ERROR_MESSAGE });
  });

  it('rejects a response that does not match the contract', async () => {
    const { api } = setup(() => ok({ title: 'wrong shape' }));
    await expect(api.call(getThing, { params: { id: 1 } })).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('returns the envelope with the description from send', async () => {
    const { api } = setup(() => json(200, { success: true, description: 'Student created successfully', data: null, code: '00' }));
    await expect(api.send(postThing, { body: { name: 'x' } })).resolves.toMatchObject({ description: 'Student created successfully' });
  });
});

describe('a primed call', () => {
  it('is asked for once: the screen’s own call of the same GET takes its answer', async () => {
    const { api, calls } = setup(() => ok({ name: 'early' }));
    await expect(api.prime(getThing, { params: { id: 7 } })).resolves.toEqual({ name: 'early' });
    await expect(api.call(getThing, { params: { id: 7 } })).resolves.toEqual({ name: 'early' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer old-token');
    // Taken once: the next call asks the server.
    await api.call(getThing, { params: { id: 7 } });
    expect(calls).toHaveLength(2);
  });

  it('the screen’s call waits for a primed answer still on its way', async () => {
    let answer!: (r: Response) => void;
    const { api, calls } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    const primed = api.prime(getThing, { params: { id: 7 } });
    const screen = api.call(getThing, { params: { id: 7 } });
    answer(ok({ name: 'late' }));
    await expect(screen).resolves.toEqual({ name: 'late' });
    await expect(primed).resolves.toEqual({ name: 'late' });
    expect(calls).toHaveLength(1);
  });

  it('is not handed to another address, another token, or a call after its time', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const { api, calls, onSession } = setup(() => ok({ name: `answer ${++n}` }));
      await api.prime(getThing, { params: { id: 7 } });
      await expect(api.call(getThing, { params: { id: 8 } })).resolves.toEqual({ name: 'answer 2' });
      // A new token (a refresh in between): the answer primed with the old one is not used.
      onSession(session('new-token'));
      await expect(api.call(getThing, { params: { id: 7 } })).resolves.toEqual({ name: 'answer 3' });
      await api.prime(getThing, { params: { id: 9 } });
      vi.advanceTimersByTime(PRIMED_FOR_MS + 1);
      await expect(api.call(getThing, { params: { id: 9 } })).resolves.toEqual({ name: 'answer 5' });
      expect(calls).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('that failed is asked again by the screen, which sees no trace of it', async () => {
    let n = 0;
    const { api, calls } = setup(() => (++n === 1 ? fail(500, 'Busy') : ok({ name: 'second try' })));
    await expect(api.prime(getThing, { params: { id: 7 } })).resolves.toBeNull();
    await expect(api.call(getThing, { params: { id: 7 } })).resolves.toEqual({ name: 'second try' });
    expect(calls).toHaveLength(2);
    // The screen's call keeps its own retry and its own error.
    const broken = setup(() => fail(503, 'Down'));
    await expect(broken.api.prime(getThing, { params: { id: 7 } })).resolves.toBeNull();
    await expect(broken.api.call(getThing, { params: { id: 7 } })).rejects.toMatchObject({ status: 503, message: 'Down' });
    expect(broken.calls).toHaveLength(3);
  });

  it('is not made without a token, or for anything but a GET', async () => {
    const { api, calls, onSession } = setup(() => ok(null));
    await expect(api.prime(postThing)).resolves.toBeNull();
    onSession({ ...session(''), accessToken: '' });
    await expect(api.prime(getThing, { params: { id: 1 } })).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('after a reload', () => {
  it('refreshes before the first protected call when a session is remembered but no token is in memory', async () => {
    const calls: string[] = [];
    let token: string | null = null;
    const api = createApiClient({
      app: 'learner',
      baseUrl: 'http://test.local',
      retryDelayMs: 0,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        calls.push(`${new URL(req.url).pathname} ${req.headers.get('authorization') ?? '-'}`);
        return req.url.endsWith('/RefreshToken') ? ok(session('fresh')) : ok({ name: 'x' });
      }) as typeof fetch,
      getAccessToken: () => token,
      hasSession: () => true,
      onSession: (s) => {
        token = s.accessToken;
      },
      onSessionExpired: () => undefined,
    });
    await api.call(getThing, { params: { id: 1 } });
    expect(calls).toEqual(['/api/Authentication/Account/RefreshToken -', '/api/Course/Thing/1 Bearer fresh']);
  });
});
