import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, canManageNotificationsAndSurveys, settingsNav, hasAnyPermission, visibleSidebar } from './permissions';

const roleSession = (name: string) => {
  const role = ROLES.find((r) => r.name === name)!;
  return { role: role.name, permissions: [...role.permissions] };
};
const labels = (name: string) => visibleSidebar(roleSession(name)).map((i) => (i.children ? `${i.label}(${i.children.map((c) => c.label).join(',')})` : i.label));

describe('permissions', () => {
  it('has the spec’s 27 permissions and 6 roles, INSTITUTION ADMIN being 14', () => {
    expect(PERMISSIONS).toHaveLength(27);
    expect(new Set(PERMISSIONS.map((p) => p.id)).size).toBe(27);
    expect(ROLES.map((r) => r.name).sort()).toEqual(['INSTITUTION ADMIN', 'INSTITUTION REPORT', 'RIVET ADMIN', 'RIVET REPORT', 'STUDENT', 'SUPER ADMIN']);
    expect(ROLES.find((r) => r.name === 'INSTITUTION ADMIN')?.id).toBe(14);
  });

  it('passes a check when any one of the listed permissions is held', () => {
    expect(hasAnyPermission(['viewuser'], 'manageuser', 'viewuser')).toBe(true);
    expect(hasAnyPermission(['viewuser'], 'manageuser')).toBe(false);
    expect(hasAnyPermission([], ...[])).toBe(true);
  });

  it('gives institution roles only permissions their role type may hold', () => {
    for (const role of ROLES.filter((r) => r.roleType === 1)) {
      for (const p of role.permissions) expect(PERMISSIONS.find((x) => x.name === p)?.userTypes).toContain('Institution');
    }
  });

  it('shows the super admin every sidebar item', () => {
    expect(labels('SUPER ADMIN')).toEqual([
      'Dashboard',
      'Manage Course',
      'Approve Course',
      'Manage Partner',
      'Manage Platform',
      'Manage User',
      'Reports(Audit Trail,Course Insight,Course Payment,Course Insight (overview),Course Purchase,Manage Reg. User,Rev. per Partner,Platform Revenue,Page Views,Survey Report)',
      'Discount',
      'Revenue',
      'Settings(Course Configuration,Instructors,Approval Settings,Privacy & Settings,Role Management,Certificate Settings,Email Templates,Notification Manager,Manage Survey)',
    ]);
  });

  it('shows an institution admin their items without platform reports, discounts or revenue', () => {
    expect(labels('INSTITUTION ADMIN')).toEqual(['Dashboard', 'Manage Course', 'Approve Course', 'Manage Partner', 'Manage User', 'Reports(Course Insight,Course Payment,Course Insight (overview),Course Purchase,Survey Report)', 'Settings(Course Configuration,Instructors,Approval Settings,Privacy & Settings,Role Management,Certificate Settings,Email Templates)']);
  });

  it('shows Manage Platform to the platform roles that manage institutions only', () => {
    expect(labels('RIVET ADMIN')).toContain('Manage Platform');
    for (const role of ['INSTITUTION ADMIN', 'INSTITUTION REPORT', 'RIVET REPORT']) expect(labels(role)).not.toContain('Manage Platform');
  });

  it('shows report roles only their reports', () => {
    expect(labels('INSTITUTION REPORT')).toEqual(['Dashboard', 'Reports(Course Insight,Course Payment,Course Insight (overview),Course Purchase,Survey Report)']);
    expect(labels('INSTITUTION REPORT')[1]).not.toMatch(/Audit Trail|Manage Reg\. User|Rev\. per Partner|Platform Revenue/);
    expect(labels('RIVET REPORT')[1]).toMatch(/^Reports\(Audit Trail,Course Insight,Course Payment/);
  });

  it('keeps the notification manager and surveys to the two platform admin roles', () => {
    expect(canManageNotificationsAndSurveys('SUPER ADMIN')).toBe(true);
    expect(canManageNotificationsAndSurveys('RIVET ADMIN')).toBe(true);
    expect(canManageNotificationsAndSurveys('INSTITUTION ADMIN')).toBe(false);
    expect(labels('INSTITUTION ADMIN').at(-1)).not.toMatch(/Notification Manager|Manage Survey/);
  });

  it('gives each settings item to whoever holds one of its permissions', () => {
    const only = (...permissions: string[]) => settingsNav({ role: 'CUSTOM', permissions }).map((i) => i.label);
    expect(only('viewCourseConfiguration')).toEqual(['Course Configuration']);
    expect(only('viewworkflow', 'viewPrivacySettings')).toEqual(['Approval Settings', 'Privacy & Settings']);
    expect(only('manageCertificateSettings')).toEqual(['Certificate Settings']);
    expect(only('createCourse')).toEqual(['Instructors']);
    expect(only()).toEqual([]);
  });
});
