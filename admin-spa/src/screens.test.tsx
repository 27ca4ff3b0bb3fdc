import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BUILT_SCREENS } from './screens';
import { fakeFetch, fail, renderAdmin, staffSession } from './test/render-admin';

const NOT_FOUND = 'Sorry, the page you visited does not exist.';

describe('built screens', () => {
  it.each(BUILT_SCREENS)('%s has a screen of its own (not Not Found)', async (path) => {
    // Calls fail: a screen still renders its own frame or error, never the Not Found page.
    const server = fakeFetch({ 'GET /api/Authentication/Account/Admin/GetAdminByUserId': () => fail(500, 'Server error') });
    renderAdmin({ path, session: staffSession('SUPER ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
  });

  it('an unknown path is Not Found (the check above can fail)', async () => {
    renderAdmin({ path: '/report/no-such-report', session: staffSession('SUPER ADMIN') });
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });
});
