// Renders learner screens the way the app does (providers, router, react-aria router bridge)
// against a session whose API client talks to a fake fetch.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { Session } from '@rivet/shared/api/authentication';
import type { SessionManager } from '@rivet/shared/client/session';
import { RouterBridge } from '@rivet/shared/ui/router-bridge';
import { ToastRegionView } from '@rivet/shared/ui/toast-region';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '@rivet/shared/client/query-client';
import { createLearnerSession } from '../app/session';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** A JSON response in the API's envelope. */
export function envelope(data: unknown, init: { status?: number; success?: boolean; description?: string } = {}): Response {
  const status = init.status ?? 200;
  const success = init.success ?? status < 400;
  return new Response(JSON.stringify({ success, description: init.description ?? (success ? 'OK' : 'Failed'), data, code: success ? '00' : 'error' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function makeSession(patch: Partial<Session> = {}): Session {
  return {
    userId: 'u-1',
    userName: 'ada@example.ng',
    email: 'ada@example.ng',
    firstName: 'Ada',
    lastName: 'Obi',
    profilePix: null,
    role: 'STUDENT',
    roleId: 12,
    roleType: 0,
    permissions: [],
    isFirstLogin: false,
    studentProfileId: 1,
    staffProfileId: null,
    institutionId: null,
    institutionName: null,
    institutionCode: null,
    institutionLogo: null,
    accessToken: 'token',
    accessTokenExpiry: new Date(Date.now() + 600_000).toISOString(),
    refreshTokenExpiry: new Date(Date.now() + 86_400_000).toISOString(),
    ...patch,
  };
}

export interface RenderAppOptions {
  path?: string;
  /** Extra routes beside the screen (e.g. a destination to land on). */
  routes?: RouteObject[];
  fetch?: FetchHandler;
  session?: Session;
  /** The route pattern the screen is mounted on (e.g. '/course/details/:id/:coursetitle?'); the path itself by default. */
  routePath?: string;
}

export function renderApp(element: ReactElement, { path = '/', routes = [], fetch, session, routePath }: RenderAppOptions = {}) {
  const calls: Request[] = [];
  const single = async (request: Request) => {
    calls.push(request.clone());
    if (!fetch) return envelope(null, { status: 404 });
    return fetch(request);
  };
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const batch = /\/api\/Course\/Course\/Events\/([^/?]+)/.exec(request.url);
    return batch ? answerBatch(request, decodeURIComponent(batch[1]!), single) : single(request);
  };
  const manager: SessionManager = createLearnerSession({ storage: sessionStorage, fetch: fakeFetch as typeof globalThis.fetch, retryDelayMs: 0 });
  if (session) manager.signedIn(session);
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouterBridge>
            <Outlet />
          </RouterBridge>
        ),
        children: [{ path: routePath ?? new URL(path, 'http://x').pathname, element }, ...routes],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const utils = render(
    <AppProviders manager={manager} queryClient={queryClient} toaster={<ToastRegionView />}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, manager, router, calls };
}

const SINGLE_PATHS = {
  progress: (userId: string) => `/api/Course/Course/Uploadviewing/${userId}`,
  quiz: (userId: string) => `/api/Course/Course/Quiz/UpdateScore/${userId}`,
  survey: () => '/api/Course/Survey/Response',
} as const;

/**
 * The outbox sends learner events in batches (Course/Events); screens' tests describe the server
 * one call at a time. Each event of a batch is put to the test's handler as its own call (seen in
 * `calls` as that call) and the answers gathered as the batch endpoint gives them: a 4xx rejects
 * that event, a 5xx or a network failure fails the whole batch.
 */
async function answerBatch(request: Request, userId: string, single: (r: Request) => Promise<Response>): Promise<Response> {
  const { events } = (await request.json()) as { events: { type: keyof typeof SINGLE_PATHS; eventId: string }[] };
  const results = [];
  for (const { type, ...body } of events) {
    const answer = await single(
      new Request(new URL(SINGLE_PATHS[type](userId), request.url), { method: 'POST', headers: request.headers, body: JSON.stringify(body) }),
    );
    const payload = (await answer.json().catch(() => ({}))) as { description?: string; data?: Record<string, unknown> };
    if (answer.status >= 500 || answer.status === 401 || answer.status === 429) return answer.status === 401 ? envelope(null, { status: 401 }) : envelope(null, { status: answer.status });
    results.push(
      answer.ok
        ? { eventId: body.eventId, outcome: payload.data?.duplicate ? 'duplicate' : 'applied', status: 200, description: payload.description ?? 'OK', result: payload.data ?? {} }
        : { eventId: body.eventId, outcome: 'rejected', status: answer.status, description: payload.description ?? 'Failed', result: null },
    );
  }
  return envelope({ results });
}
