// Who may open each console screen (spec 002 §6, route guard; docs/decisions/094): one rule per
// route, keyed by the route's own pattern, read by the one guard in the router (app/route-guard.tsx)
// for a typed address and a followed link alike. A user without the rule's permission lands on the
// dashboard, so no screen has to show a frame it cannot fill. The rules follow the sidebar and the
// settings side-nav (shared/domain/permissions.ts) and the server's access to the calls each screen
// makes; screen-access.test.ts checks both agreements and that every route is declared here.
import { matchPath } from 'react-router';
import { APPROVAL_READERS } from '@rivet/shared/api/course-approval';
import { COURSE_REVIEWERS } from '@rivet/shared/api/course-authoring';
import { COURSE_INSIGHT_READERS } from '@rivet/shared/api/course-insights';
import { PREVIEW_PERMISSIONS } from '@rivet/shared/api/course-preview';
import { REPORT_READERS } from '@rivet/shared/api/reports';
import { INSTITUTION_ADMIN_ROLE_ID, PLATFORM_ADMIN_ROLE_IDS, hasAnyPermission, type Permission } from '@rivet/shared/domain/permissions';
import { paths } from './paths';

export interface ScreenRule {
  /** Any one of these permissions will do; none listed: any signed-in staff member. */
  anyOf: readonly Permission[];
  /** Where §6 names roles rather than permissions: only staff in one of these roles (ids, as the server checks). */
  roleIds?: readonly number[];
  /** The rule instead when the address carries ?courseReview=true (the wizard opened read-only for reviewers). */
  review?: ScreenRule;
}

const rule = (...anyOf: readonly Permission[]): ScreenRule => ({ anyOf });
const SIGNED_IN = rule();
/** §6: Discount and Revenue for "the two platform admin roles"; Notification Manager and Manage Survey likewise. */
const PLATFORM_ADMINS: ScreenRule = { anyOf: [], roleIds: PLATFORM_ADMIN_ROLE_IDS };
/** §6: Settings for the two platform admin roles and the institution admin. */
const SETTINGS_ROLES: ScreenRule = { anyOf: [], roleIds: [...PLATFORM_ADMIN_ROLE_IDS, INSTITUTION_ADMIN_ROLE_ID] };
/** §6: Manage Course and Approve Course in the sidebar for approve, manage QA or view QA. */
const COURSE_LISTS = rule(...COURSE_REVIEWERS);
const AUTHOR = rule('createCourse');
const PARTNERS = rule('manageinstitution', 'viewinstitution');
const EMAIL_VIEW = rule('manageEmailSettings', 'viewEmailSettings');

/** Route pattern (as the router writes it, under the /admin basename) → who may open it. */
export const SCREEN_RULES: Readonly<Record<string, ScreenRule>> = {
  [paths.dashboard]: SIGNED_IN,
  [paths.profile]: SIGNED_IN,
  [paths.updateProfile]: SIGNED_IN,
  '/course-preview/:id': rule(...PREVIEW_PERMISSIONS),

  // Courses. The wizard writes, so it needs createCourse; its review mode is for reviewers.
  [paths.createCourse]: { ...AUTHOR, review: COURSE_LISTS },
  [paths.approveCourse]: { ...rule(...APPROVAL_READERS), review: COURSE_LISTS },
  [paths.manageCourse]: COURSE_LISTS,
  [paths.exploreCourse]: COURSE_LISTS,
  // Not a spec screen (decision 030): the upload area and the files are the authors'.
  [paths.contentLibrary]: AUTHOR,

  // Partners, platform, users.
  [paths.managePartners]: PARTNERS,
  [paths.manageInstitution]: PARTNERS,
  [paths.createInstitution]: rule('manageinstitution'),
  '/Institution/Update/:updateinstitution': rule('manageinstitution'),
  [paths.managePlatform]: rule('manageinstitution'),
  [paths.manageUsers]: rule('manageuser', 'viewuser'),

  // Platform money: roles, not permissions (§6).
  [paths.discounts]: PLATFORM_ADMINS,
  '/discount/:viewdiscount': PLATFORM_ADMINS,
  [paths.revenue]: PLATFORM_ADMINS,

  // Settings and configuration: each page as its side-nav item.
  [paths.settings]: SETTINGS_ROLES,
  [paths.courseConfiguration]: rule('manageCourseConfiguration', 'viewCourseConfiguration'),
  [paths.privacySettings]: rule('managePrivacySettings', 'viewPrivacySettings'),
  [paths.instructors]: AUTHOR,
  [paths.approvalSettings]: rule('manageworkflow', 'viewworkflow'),
  [paths.roleManagement]: rule('manageRole', 'viewRole'),
  [paths.certificateSettings]: rule('manageCertificateSettings', 'viewCertificateSettings'),
  [paths.emailTemplates]: EMAIL_VIEW,
  // A new template can only be saved by whoever manages e-mail; an existing one opens read-only to viewers.
  [paths.newEmailTemplate]: rule('manageEmailSettings'),
  '/configuration/manageemail/edit/:editemail': EMAIL_VIEW,
  [paths.previewEmail]: EMAIL_VIEW,
  [paths.manageSurvey]: PLATFORM_ADMINS,
  [paths.notificationManager]: PLATFORM_ADMINS,

  // Reports (decision 051).
  [paths.auditTrail]: rule(...REPORT_READERS.auditTrail),
  [paths.coursePayment]: rule(...REPORT_READERS.institution),
  [paths.coursePurchase]: rule(...REPORT_READERS.institution),
  [paths.courseInsightsOverview]: rule(...REPORT_READERS.institution),
  [paths.surveyReport]: rule(...REPORT_READERS.institution),
  '/report/survey/:surveyreport': rule(...REPORT_READERS.institution),
  [paths.revenuePerPartner]: rule(...REPORT_READERS.platform),
  [paths.platformRevenue]: rule(...REPORT_READERS.platform),
  [paths.registeredUsers]: rule(...REPORT_READERS.platform),
  // Decision 092: the apps' page views, platform-wide.
  [paths.pageViews]: rule(...REPORT_READERS.platform),
  [paths.courseInsight]: rule(...COURSE_INSIGHT_READERS),
  '/report/managestudent/:courseId': rule(...COURSE_INSIGHT_READERS),

  // Not Found answers any other address, for anyone signed in.
  '*': SIGNED_IN,
};

/** The declared pattern an address belongs to (the router's own matching: case-insensitive, whole path). */
export function screenPattern(pathname: string): string | undefined {
  return Object.keys(SCREEN_RULES).find((pattern) => pattern !== '*' && matchPath({ path: pattern, caseSensitive: false, end: true }, pathname) !== null);
}

export interface ScreenUser {
  roleId: number;
  permissions: readonly string[];
}

function passes(user: ScreenUser, r: ScreenRule): boolean {
  if (r.roleIds && !r.roleIds.includes(user.roleId)) return false;
  return hasAnyPermission(user.permissions, ...r.anyOf);
}

/** May this user open this address ('/discount/7', '/create-course?courseReview=true')? */
export function mayOpen(user: ScreenUser, address: string): boolean {
  const url = new URL(address, 'http://console.invalid');
  const declared = SCREEN_RULES[screenPattern(url.pathname) ?? '*']!;
  const effective = declared.review && url.searchParams.get('courseReview') === 'true' ? declared.review : declared;
  return passes(user, effective);
}
