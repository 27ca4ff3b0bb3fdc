// Every app URL the learner build links to, in one typed place.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  changePassword: '/change-password',
  passwordChanged: '/password-changed',
  dashboard: '/dashboard',
  profile: '/profile',
  partners: '/partner',
  terms: '/terms',
  discovery: '/course/discovery',
  facilitators: '/course/facilitators',
  discoveryForCategory: (categoryId: number | string) => `/course/discovery?category=${encodeURIComponent(String(categoryId))}`,
} as const;

/** Pages that are steps of signing in; they are never remembered as "where the user was". */
export const AUTH_PATHS: readonly string[] = [
  paths.home,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.changePassword,
  paths.passwordChanged,
];
