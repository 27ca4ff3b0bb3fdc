// Renders the real admin route table in a memory router, with a session manager whose only
// outside dependency (fetch) is a fake the test controls.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { Session } from '@rivet/shared/api/authentication';
import { ROLES, type RoleName } from '@rivet/shared/domain/permissions';
import { toast } from '@rivet/shared/ui/toast';
import { AppProviders } from '../app/providers';
import { adminRoutes } from '../app/routes';
import { createAdminSession } from '../app/session';

export function staffSession(role: RoleName, overrides: Partial<Session> = {}): Session {
  const seeded = ROLES.find((r) => r.name === role);
  if (!seeded) throw new Error(`No seeded role ${role}`);
  const institutional = seeded.roleType === 1;
  return {
    userId: `user-${seeded.id}`,
    userName: 'ada.obi',
    email: 'ada.obi@example.ng',
    firstName: 'Ada',
    lastName: 'Obi',
    profilePix: null,
    role,
    roleId: seeded.id,
    roleType: seeded.roleType,
    permissions: [...seeded.permissions],
    isFirstLogin: false,
    studentProfileId: null,
    staffProfileId: 1,
    institutionId: institutional ? 7 : null,
    institutionName: institutional ? 'Lagos Business School' : null,
    institutionCode: institutional ? 'LBS' : null,
    institutionLogo: null,
    accessToken: 'access-token',
    accessTokenExpiry: new Date(Date.now() + 15 * 60_000).toISOString(),
    refreshTokenExpiry: new Date(Date.now() + 8 * 3600_000).toISOString(),
    ...overrides,
  };
}

type Reply = { status: number; body: unknown } | 'network-error';
export type FakeRoutes = Record<string, (request: Request) => Reply | Promise<Reply>>;

/** JSON bodies parsed; a multipart one stays text (tests look for its parts). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A fetch that answers `METHOD /api/...path` from the table and records every request. */
export function fakeFetch(routes: FakeRoutes = {}) {
  const requests: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname;
    const text = await request.clone().text();
    requests.push({ method: request.method, path, query: Object.fromEntries(url.searchParams), body: text ? parseBody(text) : undefined });
    const handler = routes[`${request.method} ${path}`];
    const reply: Reply = handler ? await handler(request) : { status: 404, body: { success: false, description: 'Not found', data: null, code: 'not_found' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export const ok = (data: unknown, description = 'Successful') => ({ status: 200, body: { success: true, description, data, code: '00' } });
export const fail = (status: number, description: string) => ({ status, body: { success: false, description, data: null, code: 'error' } });

export function renderAdmin({
  path,
  session,
  routes,
  fetch = fakeFetch().fetch,
}: {
  path: string;
  session?: Session;
  routes?: RouteObject[];
  fetch?: typeof globalThis.fetch;
}) {
  sessionStorage.clear();
  // The toast queue is app-wide; one test's toasts must not show up in the next.
  toast.clear();
  const manager = createAdminSession({ storage: sessionStorage, fetch, retryDelayMs: 0 });
  if (session) manager.signedIn(session);
  const router = createMemoryRouter(routes ?? adminRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders manager={manager} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, manager, router, user };
}
