// The admin console's URLs in one typed place (paths are relative to the router's /admin basename).
import { ADMIN_CHANGE_PASSWORD, ADMIN_HOME } from '@rivet/shared/domain/sign-in-destination';

export const paths = {
  root: '/',
  login: '/login',
  /** The spec's path for the Forgot Password page. */
  forgotPassword: '/forget-password',
  changePassword: ADMIN_CHANGE_PASSWORD,
  passwordChanged: '/password-changed',
  dashboard: ADMIN_HOME,
  profile: '/profile-admin',
  updateProfile: '/update-profile',
  createCourse: '/create-course',
  /** Approve Course (spec 001 §2.8; issue 16): the reviewers' course list, menu key approveCourse. */
  approveCourse: '/approve-course',
  /** Manage Courses (spec 002 §2.9; decision 045): drafts and published courses. */
  manageCourse: '/manage-course',
  /** The admin course detail with its statistics (the spec's /explore-course route). */
  exploreCourse: '/explore-course',
  /** Not a spec screen (decision 030): the institution's uploaded files. */
  contentLibrary: '/content-library',
  roleManagement: '/configuration/role-management',
  settings: '/settings',
  courseConfiguration: '/settings/course-configuration',
  privacySettings: '/settings/privacy',
  /** Instructors (not a spec screen; decision 075): a partner's instructors, offered by the course wizard. */
  instructors: '/settings/instructors',
  certificateSettings: '/configuration/certificate-settings',
  approvalSettings: '/configuration/manage-workflow',
  /** Manage Survey (spec 001 §2.9; decision 047): the platform administrators' surveys. */
  manageSurvey: '/configuration/manage-survey',
  /** Notification Manager (spec 002 §2.10; decision 053): the learners' in-app notifications. */
  notificationManager: '/configuration/notification-manager',
  /** E-mail templates (spec 002's configuration routes; decision 046): list, Add, edit. */
  emailTemplates: '/configuration/email-template',
  newEmailTemplate: '/configuration/new-email',
  /** Message Preview (spec 002 §2.10): the form's values with sample content, Send Test Email. */
  previewEmail: '/configuration/preview-email',
  /** Manage Platform (spec §2.4): the spec gives it no route of its own; decision 027. */
  managePlatform: '/manage-platform',
  manageUsers: '/manage-user',
  managePartners: '/manage-partners',
  /** The spec's older path for the partner list: redirects to managePartners. */
  manageInstitution: '/manage-institution',
  createInstitution: '/create-institution',
  /** Revenue sharing (spec 002 §2.8): the formulas, their setup form and read-only view. */
  revenue: '/revenue',
  /** Manage Discounts (spec 002 §2.7): the table, Create Discount and the update form. */
  discounts: '/discounts',
  /** Reports (spec 002 §2.1, §2.11; decisions 050, 051). */
  auditTrail: '/report/audit-trail',
  coursePayment: '/report/course-payment',
  coursePurchase: '/report/course-purchase',
  registeredUsers: '/report/manage-registered-user',
  courseInsightsOverview: '/report/course-insights-overview',
  revenuePerPartner: '/report/revenue-per-partner',
  platformRevenue: '/report/revenue-per-institution',
  /** Page Views (spec 002 §2.14 'Analytics page views are recorded'; decision 092): not in §2.14's sidebar list, so under Reports. */
  pageViews: '/report/page-views',
  surveyReport: '/report/survey',
  /** Course Insights (spec 002 §2.11; decision 052). */
  courseInsight: '/report/course-insight',
} as const;

/** Manage Enrolled Student of one course (spec 002 §2.1: /report/managestudent/{manageenrolledstudent}). */
export const enrolledStudentsPath = (courseId: number) => `/report/managestudent/${courseId}`;

/** Survey Report of one survey (spec 002 §2.1: /report/survey/{surveyreport}). */
export const surveyReportPath = (id: number | string) => `/report/survey/${id}`;

/** View Discounts (spec 002 §2.1: /discount/{viewdiscount}). */
export const viewDiscountPath = (id: number) => `/discount/${id}`;

/** A course in the wizard's review mode (spec 001 §2.1: ?courseReview=true; decision 034). */
export const reviewCoursePath = (courseId: number) => `/create-course?courseId=${courseId}&courseReview=true`;

/** A draft opened in the wizard (Continue on a Manage Courses card). */
export const continueDraftPath = (courseId: number) => `/create-course?courseId=${courseId}`;

/** The admin course detail of one course (Explore on a Manage Courses card). */
export const exploreCoursePath = (courseId: number) => `/explore-course?courseId=${courseId}`;

/** Preview Course (decision 035): a course in the learner's player, outside the console's frame. */
export const coursePreviewPath = (courseId: number) => `/course-preview/${courseId}`;

/** Update Partner: the spec's route, carrying the partner id. */
export const updateInstitutionPath = (id: number) => `/Institution/Update/${id}`;
