import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ROLES, settingsNav, visibleSidebar, type RoleName } from '@rivet/shared/domain/permissions';
import { adminRoutes } from './app/routes';
import { paths } from './paths';
import { BUILT_SCREENS, isBuilt } from './screens';
import { SCREEN_RULES, mayOpen, screenPattern } from './screen-access';

const STAFF_ROLES = ROLES.filter((r) => r.name !== 'STUDENT');
const user = (name: RoleName) => {
  const role = ROLES.find((r) => r.name === name)!;
  return { role: role.name, roleId: role.id, permissions: role.permissions };
};

/** Every route pattern the session guard stands in front of, as the router writes it. */
function guardedPatterns(routes: readonly RouteObject[], prefix = '', behindGuard = false): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? `${prefix.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : prefix;
    const guarded = behindGuard || route.Component?.name === 'RequireSession';
    const own = guarded && route.path ? [here] : [];
    return [...own, ...guardedPatterns(route.children ?? [], here, guarded)];
  });
}

/** The screens the sidebar or the settings side-nav may list, for whoever sees them all. */
function navPaths(items: ReturnType<typeof visibleSidebar>): string[] {
  return items.flatMap((item) => [...(item.children ? [] : [item.path]), ...(item.children ?? []).map((c) => c.path)]);
}
const allNav = () => {
  const superAdmin = user('SUPER ADMIN');
  return [...new Set([...navPaths(visibleSidebar(superAdmin)), ...navPaths(settingsNav(superAdmin)), paths.settings])].filter((p) => isBuilt(p));
};

describe('screen access declaration', () => {
  it.each(BUILT_SCREENS)('%s has a declared rule of its own', (path) => {
    expect(screenPattern(path)).toBeDefined();
  });

  it('declares every route behind the session guard, and nothing that is not a route', () => {
    const routes = guardedPatterns(adminRoutes).map((p) => (p === '/*' ? '*' : p));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((p) => !(p in SCREEN_RULES))).toEqual([]);
    expect(Object.keys(SCREEN_RULES).filter((p) => !routes.includes(p))).toEqual([]);
  });

  it('matches addresses with parameters and in any case, as the router does', () => {
    expect(screenPattern('/discount/12')).toBe('/discount/:viewdiscount');
    expect(screenPattern('/institution/update/3')).toBe('/Institution/Update/:updateinstitution');
    expect(screenPattern('/report/managestudent/4')).toBe('/report/managestudent/:courseId');
    expect(screenPattern('/report/no-such-report')).toBeUndefined();
  });

  it.each(STAFF_ROLES.map((r) => r.name))('%s: a screen opens exactly when the sidebar or settings side-nav lists it', (name) => {
    const u = user(name);
    const shown = new Set([...navPaths(visibleSidebar(u)), ...navPaths(settingsNav(u)), ...(visibleSidebar(u).some((i) => i.key === 'settings') ? [paths.settings] : [])]);
    const mismatched = allNav().filter((path) => mayOpen(u, path) !== shown.has(path));
    expect(mismatched).toEqual([]);
  });

  it('the cases the issue names: typed addresses for roles without the permission go to the dashboard', () => {
    const institutionAdmin = user('INSTITUTION ADMIN');
    for (const path of ['/discounts', '/discount/1', '/revenue', '/manage-platform', '/create-institution', '/configuration/new-email', '/configuration/manage-survey', '/configuration/notification-manager', '/report/audit-trail']) {
      expect(mayOpen(institutionAdmin, path), path).toBe(false);
    }
    for (const name of ['RIVET REPORT', 'INSTITUTION REPORT'] as const) {
      const reporter = user(name);
      for (const path of ['/settings', '/settings/course-configuration', '/create-course', '/content-library', '/configuration/email-template', '/configuration/new-email', '/configuration/manage-workflow', '/manage-user', '/manage-partners', '/configuration/role-management', '/configuration/certificate-settings', '/approve-course', '/manage-course']) {
        expect(mayOpen(reporter, path), `${name} ${path}`).toBe(false);
      }
      expect(mayOpen(reporter, '/report/course-payment')).toBe(true);
      expect(mayOpen(reporter, '/dashboard')).toBe(true);
      expect(mayOpen(reporter, '/profile-admin')).toBe(true);
    }
    expect(mayOpen(user('INSTITUTION REPORT'), '/report/audit-trail')).toBe(false);
    expect(mayOpen(user('RIVET REPORT'), '/report/audit-trail')).toBe(true);
  });

  it('opens the wizard to authors, its review mode to reviewers', () => {
    const reviewer = { roleId: 99, permissions: ['viewCourseQA'] };
    const author = { roleId: 99, permissions: ['createCourse'] };
    expect(mayOpen(reviewer, '/create-course?courseId=3&courseReview=true')).toBe(true);
    expect(mayOpen(reviewer, '/create-course?courseId=3')).toBe(false);
    expect(mayOpen(author, '/create-course?courseId=3')).toBe(true);
    expect(mayOpen(author, '/create-course?courseId=3&courseReview=true')).toBe(false);
    expect(mayOpen(reviewer, '/approve-course?courseId=3&courseReview=true')).toBe(true);
  });

  it('keeps platform money and the learners’ notices to the two platform admin roles, whatever permissions a role holds', () => {
    const everything = ROLES.find((r) => r.name === 'SUPER ADMIN')!.permissions;
    const customRole = { roleId: 42, permissions: everything };
    for (const path of ['/discounts', '/revenue', '/configuration/manage-survey', '/configuration/notification-manager']) {
      expect(mayOpen(customRole, path)).toBe(false);
      expect(mayOpen(user('RIVET ADMIN'), path)).toBe(true);
    }
  });
});
