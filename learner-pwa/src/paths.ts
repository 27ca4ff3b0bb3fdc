// Every app URL the learner build links to, in one typed place.
import { titleSlug } from '@rivet/shared/domain/slug';

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
  /** The privacy notice (what is collected, why, for how long, the learner's rights). */
  privacy: '/privacy',
  discovery: '/course/discovery',
  facilitators: '/course/facilitators',
  programs: '/course/programs',
  institution: (institutionId: number) => `/course/institution-landing?id=${institutionId}`,
  program: (courseId: number) => `/course/program-landing?courseId=${courseId}`,
  checkout: '/course/checkout',
  /** Checkout for one course; the id rides in the query so a reload keeps the page. */
  checkoutFor: (courseId: number) => `/course/checkout?courseId=${courseId}`,
  /** The catalogue filtered to one partner's courses (the discovery page reads `institutionId`). */
  discoveryForInstitution: (institutionId: number) => `/course/discovery?institutionId=${institutionId}`,
  discoveryForSearch: (search: string) => `/course/discovery?search=${encodeURIComponent(search)}`,
  /** The catalogue filtered to one category (landing tiles, 'See All Courses'). */
  discoveryForCategory: (categoryId: number | string) => `/course/discovery?categoryId=${encodeURIComponent(String(categoryId))}`,
  courseDetails: (courseId: number, title: string) => `/course/details/${courseId}/${titleSlug(title)}`,
  categoryLanding: (categoryId: number) => `/course/course-category-landing?categoryId=${categoryId}`,
  catalogue: '/course/catalogue',
  /**
   * The course player (spec: opened with userId, courseId, currentModule, currentSection as
   * navigation state). The course id also rides in the query so a reload or a saved link works.
   */
  delivery: '/course/delivery',
  deliveryFor: (courseId: number) => `/course/delivery?courseId=${courseId}`,
  myLearnings: '/course/my-learnings',
  /** Course completed ('Congratulations!'); the course id rides in the query, like the player's. */
  courseCompleted: '/course/course-completed',
  courseCompletedFor: (courseId: number) => `/course/course-completed?courseId=${courseId}`,
  /** The post-course survey of a course. */
  survey: (courseId: number) => `/course/${courseId}/survey`,
  /** The learner's certificate for a course. */
  certificate: '/certificate',
  certificateFor: (courseId: number) => `/certificate?courseId=${courseId}`,
  /** Public verification of a certificate (the QR code on the PDF points here). */
  certificateVerify: (certificateId: string) => `/certificate/verify/${encodeURIComponent(certificateId)}`,
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
