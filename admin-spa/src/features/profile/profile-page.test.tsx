import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, ok, renderAdmin, staffSession } from '../../test/render-admin';

describe('admin profile', () => {
  it('shows the profile the server returns for the signed-in user', async () => {
    const session = staffSession('INSTITUTION ADMIN');
    const server = fakeFetch({
      'GET /api/Authentication/Account/Admin/GetAdminByUserId': () =>
        ok({
          id: 3,
          userId: session.userId,
          userName: 'ada.obi',
          address1: null,
          address2: null,
          profilePixUrl: null,
          headline: null,
          biography: null,
          website: null,
          twitter: null,
          youTube: null,
          faceBook: null,
          linkedIn: null,
          role: 'INSTITUTION ADMIN',
          roleId: 14,
          isActive: true,
          institutionId: 7,
          institutionName: 'Lagos Business School',
          institutionCode: 'LBS',
          user: { firstName: 'Adaeze', lastName: 'Obi', email: 'adaeze@lbs.edu.ng', phoneNumber: null },
        }),
    });
    renderAdmin({ path: '/profile-admin', session, fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Adaeze Obi' })).toBeInTheDocument();
    expect(screen.getByText('adaeze@lbs.edu.ng')).toBeInTheDocument();
    expect(screen.getByText('Lagos Business School (LBS)')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /update profile/i })).toBeNull();
    expect(server.requests[0]?.query).toEqual({ userId: session.userId });
  });
});
