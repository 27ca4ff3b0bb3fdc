// First-party page views (spec 002 §2.14 "Analytics page views are recorded"; docs/decisions/092):
// a count per Lagos day, app and route pattern — never the address as typed (it can carry a
// learner's search, a certificate id or a token), never a cookie, an address or a user id. The
// server counts only the patterns listed here; each app's test proves its route table matches.

export const PAGE_VIEW_APPS = ['learner', 'admin'] as const;
export type PageViewApp = (typeof PAGE_VIEW_APPS)[number];

/** The learner app's route patterns (learner-pwa/src/app/routes.tsx); '/*' is the not-found page. */
export const LEARNER_PAGE_ROUTES: readonly string[] = [
  '/', '/*', '/certificate', '/certificate/verify/:certificateId', '/change-password', '/course/:id/survey',
  '/course/catalogue', '/course/checkout', '/course/course-category-landing', '/course/course-completed',
  '/course/delivery', '/course/details/:id/:coursetitle?', '/course/discovery', '/course/facilitators',
  '/course/institution-landing', '/course/my-learnings', '/course/program-landing', '/course/programs',
  '/dashboard', '/forgot-password', '/login', '/partner', '/password-changed', '/privacy', '/profile',
  '/register', '/terms',
];

/** The admin console's route patterns (admin-spa/src/app/routes.tsx, under /admin); '/*' is the not-found page. */
export const ADMIN_PAGE_ROUTES: readonly string[] = [
  '/', '/*', '/Institution/Update/:updateinstitution', '/approve-course', '/change-password',
  '/configuration/certificate-settings', '/configuration/email-template', '/configuration/manage-survey',
  '/configuration/manage-workflow', '/configuration/manageemail/edit/:editemail', '/configuration/new-email',
  '/configuration/notification-manager', '/configuration/preview-email', '/configuration/role-management',
  '/content-library', '/course-preview/:id', '/create-course', '/create-institution', '/dashboard',
  '/discount/:viewdiscount', '/discounts', '/explore-course', '/forget-password', '/login', '/manage-course',
  '/manage-institution', '/manage-partners', '/manage-platform', '/manage-user', '/password-changed',
  '/profile-admin', '/report/audit-trail', '/report/course-insight', '/report/course-insights-overview',
  '/report/course-payment', '/report/course-purchase', '/report/manage-registered-user',
  '/report/managestudent/:courseId', '/report/page-views', '/report/revenue-per-institution',
  '/report/revenue-per-partner', '/report/survey', '/report/survey/:surveyreport', '/revenue', '/settings',
  '/settings/course-configuration', '/settings/instructors', '/settings/privacy', '/update-profile',
];

export const PAGE_ROUTES: Readonly<Record<PageViewApp, readonly string[]>> = { learner: LEARNER_PAGE_ROUTES, admin: ADMIN_PAGE_ROUTES };

export const isKnownPageRoute = (app: PageViewApp, route: string) => PAGE_ROUTES[app].includes(route);

/** The pattern a list of matched route paths makes ('/', 'course/details/:id/:coursetitle?' → '/course/details/:id/:coursetitle?'). */
export function joinRoutePattern(paths: readonly (string | undefined)[]): string {
  const joined = `/${paths.filter((p): p is string => !!p).join('/')}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

interface RouteNode {
  path?: string;
  index?: boolean;
  children?: readonly RouteNode[];
}

/** Every page pattern of a route table: its leaves, layouts without a path left out. */
export function routePatterns(routes: readonly RouteNode[], parents: readonly (string | undefined)[] = []): string[] {
  return routes.flatMap((route) => {
    const here = [...parents, route.path];
    if (route.children?.length) return routePatterns(route.children, here);
    return route.path !== undefined || route.index ? [joinRoutePattern(here)] : [];
  });
}
