// The screens the console has today: the one list the sidebar and the dashboard link from, so no
// item leads to Not Found. Spec §2.14 names more sidebar items (partners, users, reports…); each
// stays out of the sidebar until the issue that builds its screen adds the path here with its
// route (screens.test.tsx checks that every path listed has a real screen).
import type { SidebarItem } from '@rivet/shared/domain/permissions';
import { paths } from './paths';

export const BUILT_SCREENS: readonly string[] = [paths.dashboard, paths.profile, paths.updateProfile, paths.roleManagement, paths.settings, paths.courseConfiguration, paths.privacySettings, paths.instructors, paths.certificateSettings, paths.emailTemplates, paths.approvalSettings, paths.manageSurvey, paths.notificationManager, paths.managePlatform, paths.manageUsers, paths.managePartners, paths.createInstitution, paths.contentLibrary, paths.revenue, paths.approveCourse, paths.manageCourse, paths.discounts, paths.auditTrail, paths.coursePayment, paths.coursePurchase, paths.registeredUsers, paths.courseInsightsOverview, paths.revenuePerPartner, paths.platformRevenue, paths.pageViews, paths.surveyReport, paths.createCourse, paths.courseInsight];

export function isBuilt(path: string, built: readonly string[] = BUILT_SCREENS): boolean {
  return built.includes(path);
}

/** The items whose screens exist; a group keeps its built children and goes when none is left. */
export function builtSidebar(items: readonly SidebarItem[], built: readonly string[] = BUILT_SCREENS): SidebarItem[] {
  return items.flatMap((item) => {
    if (!item.children) return isBuilt(item.path, built) ? [item] : [];
    const children = item.children.filter((child) => isBuilt(child.path, built));
    return children.length ? [{ ...item, children }] : [];
  });
}
