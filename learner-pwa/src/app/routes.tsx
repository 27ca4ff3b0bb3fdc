// The route table: features put together. Each screen is its own chunk; the header and footer
// come with the layout, which every page needs.
import type { RouteObject } from 'react-router';
import { SiteLayout } from '../features/layout/site-layout';
import { LoginRedirect, RequireSignIn } from './route-guard';
import { AppRoot, RouteError, RoutePending } from './route-states';

export const learnerRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    HydrateFallback: RoutePending,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: SiteLayout,
        children: [
          {
            index: true,
            lazy: async () => {
              const route = await import('./home-route');
              void route.loadSignInPanel();
              return { Component: route.HomeRoute };
            },
          },
          { path: 'login', Component: LoginRedirect },
          { path: 'register', lazy: async () => ({ Component: (await import('../features/auth/register-page')).RegisterPage }) },
          {
            path: 'forgot-password',
            lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage }),
          },
          // Open: the reset link (?token=…) works signed out; the page sends others to sign-in.
          {
            path: 'change-password',
            lazy: async () => ({ Component: (await import('../features/auth/change-password-page')).ChangePasswordPage }),
          },
          {
            path: 'password-changed',
            lazy: async () => ({ Component: (await import('../features/auth/password-changed-page')).PasswordChangedPage }),
          },
          { path: 'terms', lazy: async () => ({ Component: (await import('../features/legal/terms-page')).TermsPage }) },
          {
            path: 'course/discovery',
            lazy: async () => ({ Component: (await import('../features/discovery/discovery-page')).DiscoveryPage }),
          },
          {
            Component: RequireSignIn,
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
              },
              { path: 'profile', lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }) },
            ],
          },
          { path: '*', lazy: async () => ({ Component: (await import('../features/errors/not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
];
