// The route table: features put together. Each screen is its own chunk; the header and footer
// come with the layout, which every page needs. The learner app uses react-router's declarative
// mode: the data-router machinery (loaders, actions) would add ~18 KB gzip to every phone's first
// load and nothing here needs it (docs/decisions/004-learner-first-route-budget.md).
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { recordPageView } from '@rivet/shared/client/page-views';
import { SiteLayout } from '../features/layout/site-layout';
import { LoginRedirect, RequireSignIn } from './route-guard';
import { AppRoot } from './route-states';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}

const HomeRoute = lazy(async () => {
  const route = await import('./home-route');
  // The sign-in panel is its own chunk; start fetching it with the page, not after it renders.
  void route.loadSignInPanel();
  return { default: route.HomeRoute };
});

// The in-app notification under the header: loaded beside the first screen, not in it (the first
// route's 150 KB gzip budget has no room); its chunk is precached (docs/decisions/053).
const InAppNotification = lazy(async () => ({ default: (await import('../features/notifications/notification-strip')).InAppNotification }));
const notice = (
  <Suspense fallback={null}>
    <InAppNotification />
  </Suspense>
);

export const learnerRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    children: [
      {
        element: <SiteLayout notice={notice} />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'login', element: <LoginRedirect /> },
          { path: 'register', element: page(() => import('../features/auth/register-page'), 'RegisterPage') },
          { path: 'forgot-password', element: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage') },
          // Open: the reset link (?token=…) works signed out; the page sends others to sign-in.
          { path: 'change-password', element: page(() => import('../features/auth/change-password-page'), 'ChangePasswordPage') },
          { path: 'password-changed', element: page(() => import('../features/auth/password-changed-page'), 'PasswordChangedPage') },
          { path: 'terms', element: page(() => import('../features/legal/terms-page'), 'TermsPage') },
          { path: 'privacy', element: page(() => import('../features/legal/privacy-page'), 'PrivacyPage') },
          { path: 'partner', element: page(() => import('../features/partners/partners-page'), 'PartnersPage') },
          { path: 'course/institution-landing', element: page(() => import('../features/institution/institution-page'), 'InstitutionPage') },
          { path: 'course/programs', element: page(() => import('../features/programs/programs-page'), 'ProgramsPage') },
          { path: 'course/program-landing', element: page(() => import('../features/programs/program-page'), 'ProgramPage') },
          { path: 'course/facilitators', element: page(() => import('../features/facilitators/facilitators-page'), 'FacilitatorsPage') },
          { path: 'course/discovery', element: page(() => import('../features/discovery/discovery-page'), 'DiscoveryPage') },
          { path: 'course/details/:id/:coursetitle?', element: page(() => import('../features/course-detail/course-detail-page'), 'CourseDetailPage') },
          { path: 'course/course-category-landing', element: page(() => import('../features/catalogue/category-landing-page'), 'CategoryLandingPage') },
          { path: 'course/catalogue', element: page(() => import('../features/catalogue/catalogue-landing-page'), 'CatalogueLandingPage') },
          { path: 'certificate/verify/:certificateId', element: page(() => import('../features/certificate/verify-page'), 'VerifyCertificatePage') },
          {
            element: <RequireSignIn />,
            children: [
              { path: 'dashboard', element: page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage') },
              { path: 'profile', element: page(() => import('../features/profile/profile-page'), 'ProfilePage') },
              { path: 'course/my-learnings', element: page(() => import('../features/dashboard/my-learnings-page'), 'MyLearningsPage') },
              { path: 'course/checkout', element: page(() => import('../features/checkout/checkout-page'), 'CheckoutPage') },
              { path: 'course/course-completed', element: page(() => import('../features/completion/course-completed-page'), 'CourseCompletedPage') },
              { path: 'course/:id/survey', element: page(() => import('../features/survey/survey-page'), 'SurveyPage') },
              { path: 'certificate', element: page(() => import('../features/certificate/certificate-page'), 'CertificatePage') },
            ],
          },
          { path: '*', element: page(() => import('../features/errors/not-found-page'), 'NotFoundPage') },
        ],
      },
      {
        // The player: header without the footer (spec: no footer on video pages).
        element: <SiteLayout footer={false} notice={notice} />,
        children: [{ element: <RequireSignIn />, children: [{ path: 'course/delivery', element: page(() => import('../features/player/player-page'), 'PlayerPage') }] }],
      },
    ],
  },
];

export function LearnerRoutes() {
  const { pathname } = useLocation();
  // One page view per route change, as its pattern (decision 092); effects never run on the server.
  useEffect(() => recordPageView('learner', matchRoutes(learnerRoutes, pathname)?.map((m) => m.route.path) ?? [], pathname), [pathname]);
  return useRoutes(learnerRoutes);
}
