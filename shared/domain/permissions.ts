// The spec's 27 permissions and 6 roles, and the checks both the server and the admin console
// make with them. Ids are stable: they are seeded into the database and sent to clients.

export const PERMISSIONS = [
  { id: 1, name: 'createCourse', group: 'Course', userTypes: 'Rivet,Institution' },
  { id: 2, name: 'manageuser', group: 'User', userTypes: 'Rivet,Institution' },
  { id: 3, name: 'viewuser', group: 'User', userTypes: 'Rivet,Institution' },
  { id: 4, name: 'manageinstitution', group: 'Institution', userTypes: 'Rivet' },
  { id: 5, name: 'viewinstitution', group: 'Institution', userTypes: 'Rivet,Institution' },
  { id: 6, name: 'manageRole', group: 'Role', userTypes: 'Rivet' },
  { id: 7, name: 'viewRole', group: 'Role', userTypes: 'Rivet,Institution' },
  { id: 8, name: 'viewReport', group: 'Report', userTypes: 'Rivet,Institution' },
  { id: 9, name: 'viewInstitutionReport', group: 'Report', userTypes: 'Rivet,Institution' },
  { id: 10, name: 'viewRivetReport', group: 'Report', userTypes: 'Rivet' },
  { id: 11, name: 'viewAuditTrail', group: 'Report', userTypes: 'Rivet' },
  { id: 12, name: 'manageworkflow', group: 'Workflow', userTypes: 'Rivet,Institution' },
  { id: 13, name: 'viewworkflow', group: 'Workflow', userTypes: 'Rivet,Institution' },
  { id: 14, name: 'approvecourse', group: 'Course Approval', userTypes: 'Rivet,Institution' },
  { id: 15, name: 'viewAwaitingApproveCourse', group: 'Course Approval', userTypes: 'Rivet,Institution' },
  { id: 16, name: 'manageCourseQA', group: 'Course QA', userTypes: 'Rivet' },
  { id: 17, name: 'viewCourseQA', group: 'Course QA', userTypes: 'Rivet' },
  { id: 18, name: 'manageCourseConfiguration', group: 'Course Configuration', userTypes: 'Rivet' },
  { id: 19, name: 'viewCourseConfiguration', group: 'Course Configuration', userTypes: 'Rivet,Institution' },
  { id: 20, name: 'manageCourseWorkflowApprovalSettings', group: 'Approval Settings', userTypes: 'Rivet,Institution' },
  { id: 21, name: 'viewCourseWorkflowApprovalSettings', group: 'Approval Settings', userTypes: 'Rivet,Institution' },
  { id: 22, name: 'manageEmailSettings', group: 'Email Settings', userTypes: 'Rivet' },
  { id: 23, name: 'viewEmailSettings', group: 'Email Settings', userTypes: 'Rivet,Institution' },
  { id: 24, name: 'managePrivacySettings', group: 'Privacy Settings', userTypes: 'Rivet' },
  { id: 25, name: 'viewPrivacySettings', group: 'Privacy Settings', userTypes: 'Rivet,Institution' },
  { id: 26, name: 'manageCertificateSettings', group: 'Certificate Settings', userTypes: 'Rivet,Institution' },
  { id: 27, name: 'viewCertificateSettings', group: 'Certificate Settings', userTypes: 'Rivet,Institution' },
] as const;

export type Permission = (typeof PERMISSIONS)[number]['name'];

/** Role type 0 is the platform (called Rivet in the spec), 1 a partner institution. */
export const ROLE_TYPE = { Rivet: 0, Institution: 1 } as const;
export type RoleType = (typeof ROLE_TYPE)[keyof typeof ROLE_TYPE];

export const ROLE_NAMES = {
  superAdmin: 'SUPER ADMIN',
  platformAdmin: 'RIVET ADMIN',
  institutionAdmin: 'INSTITUTION ADMIN',
  platformReport: 'RIVET REPORT',
  institutionReport: 'INSTITUTION REPORT',
  student: 'STUDENT',
} as const;

export type RoleName = (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES];

const ALL = PERMISSIONS.map((p) => p.name);

/** The seeded roles. INSTITUTION ADMIN is id 14 (spec); the student role id is our configuration. */
export const ROLES: readonly {
  id: number;
  name: RoleName;
  roleType: RoleType;
  permissions: readonly Permission[];
}[] = [
  { id: 10, name: 'SUPER ADMIN', roleType: 0, permissions: ALL },
  { id: 11, name: 'RIVET ADMIN', roleType: 0, permissions: ALL.filter((p) => p !== 'manageRole') },
  { id: 12, name: 'STUDENT', roleType: 0, permissions: [] },
  { id: 13, name: 'RIVET REPORT', roleType: 0, permissions: ['viewReport', 'viewRivetReport', 'viewInstitutionReport', 'viewAuditTrail'] },
  {
    id: 14,
    name: 'INSTITUTION ADMIN',
    roleType: 1,
    permissions: [
      'createCourse', 'manageuser', 'viewuser', 'viewinstitution', 'viewRole', 'viewReport', 'viewInstitutionReport',
      'manageworkflow', 'viewworkflow', 'approvecourse', 'viewAwaitingApproveCourse', 'viewCourseConfiguration',
      'manageCourseWorkflowApprovalSettings', 'viewCourseWorkflowApprovalSettings', 'viewEmailSettings',
      'viewPrivacySettings', 'manageCertificateSettings', 'viewCertificateSettings',
    ],
  },
  { id: 15, name: 'INSTITUTION REPORT', roleType: 1, permissions: ['viewReport', 'viewInstitutionReport'] },
];

export const STUDENT_ROLE_ID = 12;
export const INSTITUTION_ADMIN_ROLE_ID = 14;
export const SUPER_ADMIN_ROLE_ID = 10;
export const PLATFORM_ADMIN_ROLE_ID = 11;
/** "The two platform admin roles" of spec 002 §6 (Discount and Revenue). */
export const PLATFORM_ADMIN_ROLE_IDS = [SUPER_ADMIN_ROLE_ID, PLATFORM_ADMIN_ROLE_ID] as const;

/** A check passes if the list holds the permission, or any one of several. */
export function hasAnyPermission(held: readonly string[], ...required: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((p) => held.includes(p));
}

export function isInstitutionScoped(roleType: number): boolean {
  return roleType === ROLE_TYPE.Institution;
}

export interface StaffIdentity {
  role: string;
  permissions: readonly string[];
}

export interface SidebarItem {
  key: string;
  label: string;
  path: string;
  children?: SidebarItem[];
}

const isOneOf = (role: string, ...names: RoleName[]) => names.includes(role as RoleName);

/** The admin sidebar, filtered by the spec's visibility rules for the user's role and permissions. */
export function visibleSidebar(user: StaffIdentity): SidebarItem[] {
  const { role, permissions } = user;
  const can = (...p: Permission[]) => hasAnyPermission(permissions, ...p);
  const platformAdmin = isOneOf(role, 'SUPER ADMIN', 'RIVET ADMIN');
  const items: SidebarItem[] = [{ key: 'dashboard', label: 'Dashboard', path: '/dashboard' }];

  if (can('approvecourse', 'manageCourseQA', 'viewCourseQA')) {
    items.push({ key: 'manageCourse', label: 'Manage Course', path: '/manage-course' });
    items.push({ key: 'approveCourse', label: 'Approve Course', path: '/approve-course' });
  }
  if (can('manageinstitution', 'viewinstitution')) {
    items.push({ key: 'managePartner', label: 'Manage Partner', path: '/manage-partners' });
  }
  // Manage Platform (spec §2.4) has no sidebar item in §2.14; the platform's own settlement
  // accounts sit beside the partners' for whoever may manage them (platform roles only).
  if (can('manageinstitution')) {
    items.push({ key: 'managePlatform', label: 'Manage Platform', path: '/manage-platform' });
  }
  if (can('manageuser', 'viewuser')) {
    items.push({ key: 'manageUser', label: 'Manage User', path: '/manage-user' });
  }
  if (isOneOf(role, 'SUPER ADMIN', 'RIVET ADMIN', 'INSTITUTION ADMIN', 'RIVET REPORT', 'INSTITUTION REPORT')) {
    const reports: SidebarItem[] = [];
    // docs/decisions/051: platform-wide reports need the platform report permission; the ones an
    // institution's report staff read (confined to their institution) take either.
    const platformReports = can('viewRivetReport');
    const institutionReports = can('viewRivetReport', 'viewInstitutionReport');
    if (can('viewRivetReport', 'viewAuditTrail')) reports.push({ key: 'auditTrail', label: 'Audit Trail', path: '/report/audit-trail' });
    if (can('viewInstitutionReport')) {
      reports.push({ key: 'courseInsight', label: 'Course Insight', path: '/report/course-insight' });
    }
    if (institutionReports) {
      reports.push(
        { key: 'coursePayment', label: 'Course Payment', path: '/report/course-payment' },
        { key: 'courseInsightOverview', label: 'Course Insight (overview)', path: '/report/course-insights-overview' },
        { key: 'coursePurchase', label: 'Course Purchase', path: '/report/course-purchase' },
      );
    }
    if (platformReports) {
      reports.push(
        { key: 'registeredUsers', label: 'Manage Reg. User', path: '/report/manage-registered-user' },
        { key: 'revenuePerPartner', label: 'Rev. per Partner', path: '/report/revenue-per-partner' },
        { key: 'platformRevenue', label: 'Platform Revenue', path: '/report/revenue-per-institution' },
        // Not in §2.14's list; the page views it says are recorded are read here (decision 092).
        { key: 'pageViews', label: 'Page Views', path: '/report/page-views' },
      );
    }
    if (institutionReports) reports.push({ key: 'surveyReport', label: 'Survey Report', path: '/report/survey' });
    if (reports.length > 0) items.push({ key: 'reports', label: 'Reports', path: '/report', children: reports });
  }
  if (platformAdmin) {
    items.push({ key: 'discount', label: 'Discount', path: '/discounts' });
    items.push({ key: 'revenue', label: 'Revenue', path: '/revenue' });
  }
  if (isOneOf(role, 'SUPER ADMIN', 'RIVET ADMIN', 'INSTITUTION ADMIN')) {
    // Role Management lives in the configuration area (spec §2.1, §2.6); it sits under Settings
    // for whoever may view or manage roles.
    const settings: SidebarItem = { key: 'settings', label: 'Settings', path: '/settings' };
    const children = settingsNav(user);
    if (children.length) settings.children = children;
    items.push(settings);
  }
  return items;
}

/**
 * The settings side-nav (spec 001 §2.9, §6; spec 002 §2.12): each item for whoever holds one of
 * its permissions; Notification Manager and Manage Survey for the two platform admin roles only.
 */
export function settingsNav(user: StaffIdentity): SidebarItem[] {
  const can = (...p: Permission[]) => hasAnyPermission(user.permissions, ...p);
  const items: SidebarItem[] = [];
  if (can('manageCourseConfiguration', 'viewCourseConfiguration')) items.push({ key: 'courseConfiguration', label: 'Course Configuration', path: '/settings/course-configuration' });
  // Not a spec item (decision 075): whoever authors a partner's courses keeps its instructors.
  if (can('createCourse')) items.push({ key: 'instructors', label: 'Instructors', path: '/settings/instructors' });
  if (can('manageworkflow', 'viewworkflow')) items.push({ key: 'approvalSettings', label: 'Approval Settings', path: '/configuration/manage-workflow' });
  if (can('managePrivacySettings', 'viewPrivacySettings')) items.push({ key: 'privacySettings', label: 'Privacy & Settings', path: '/settings/privacy' });
  if (can('manageRole', 'viewRole')) items.push({ key: 'roleManagement', label: 'Role Management', path: '/configuration/role-management' });
  if (can('manageCertificateSettings', 'viewCertificateSettings')) items.push({ key: 'certificateSettings', label: 'Certificate Settings', path: '/configuration/certificate-settings' });
  if (can('manageEmailSettings', 'viewEmailSettings')) items.push({ key: 'emailTemplates', label: 'Email Templates', path: '/configuration/email-template' });
  if (canManageNotificationsAndSurveys(user.role)) {
    items.push({ key: 'notificationManager', label: 'Notification Manager', path: '/configuration/notification-manager' });
    items.push({ key: 'manageSurvey', label: 'Manage Survey', path: '/configuration/manage-survey' });
  }
  return items;
}

/** Notification Manager and Manage Survey: super admin and the second platform admin role only. */
export function canManageNotificationsAndSurveys(role: string): boolean {
  return isOneOf(role, 'SUPER ADMIN', 'RIVET ADMIN');
}
