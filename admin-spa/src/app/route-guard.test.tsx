import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { fakeFetch, renderAdmin, staffSession } from '../test/render-admin';

describe('route guard', () => {
  it('sends an anonymous user to the sign-in page and remembers where they were going', async () => {
    const { router, manager } = renderAdmin({ path: '/profile-admin?tab=1' });
    expect(await screen.findByRole('heading', { name: 'Welcome to the admin app' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(manager.savedLocation().path).toBe('/profile-admin?tab=1');
  });

  it('lets a first-login user reach only the change-password page', async () => {
    const session = staffSession('INSTITUTION ADMIN', { isFirstLogin: true });
    const { router } = renderAdmin({ path: '/dashboard', session });
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('sends the root to the sign-in page when signed out and to the dashboard when signed in', async () => {
    const anonymous = renderAdmin({ path: '/' });
    await screen.findByRole('heading', { name: 'Welcome to the admin app' });
    expect(anonymous.router.state.location.pathname).toBe('/login');
    anonymous.unmount();

    const signedIn = renderAdmin({ path: '/', session: staffSession('SUPER ADMIN') });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(signedIn.router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a user without a screen’s permission to the dashboard, from a typed address and from a link alike', async () => {
    // Calls fail: the dashboard and Role Management still draw their headings.
    const server = fakeFetch();
    const reportViewer = renderAdmin({ path: '/configuration/role-management', session: staffSession('INSTITUTION REPORT'), fetch: server.fetch });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(reportViewer.router.state.location.pathname).toBe('/dashboard');
    // A link (here the router's own navigation, as a Link press does) is judged the same way.
    await act(() => reportViewer.router.navigate('/discounts'));
    expect(reportViewer.router.state.location.pathname).toBe('/dashboard');
    // The screen never mounted, so none of its calls went out.
    expect(server.requests.some((r) => r.path.includes('/Role') || r.path.includes('/Discount'))).toBe(false);
    reportViewer.unmount();

    const admin = renderAdmin({ path: '/configuration/role-management', session: staffSession('INSTITUTION ADMIN'), fetch: server.fetch });
    expect(await screen.findByRole('heading', { name: 'Role Management', level: 1 })).toBeInTheDocument();
    expect(admin.router.state.location.pathname).toBe('/configuration/role-management');
  });

  it('judges the wizard’s review mode by the reviewers’ permissions, its authoring mode by createCourse', async () => {
    const reviewerOnly = staffSession('RIVET REPORT', { permissions: ['viewCourseQA'] });
    const review = renderAdmin({ path: '/create-course?courseId=3&courseReview=true', session: reviewerOnly });
    await screen.findByRole('heading', { name: 'Review Course' });
    await act(() => review.router.navigate('/create-course'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(review.router.state.location.pathname).toBe('/dashboard');
  });
});
