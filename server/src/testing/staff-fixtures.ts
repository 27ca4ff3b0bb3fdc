// Staff accounts of a test's own, signed in: the demo staff must change their password first, and a
// test that changed a shared account would depend on the order tests run in.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ROLES, type RoleName } from '@rivet/shared/domain/permissions';
import { hashPassword } from '../authentication/passwords';
import * as t from '../db/schema';
import { AUTH, Browser, type TestApp } from './test-app';

export const STAFF_PASSWORD = 'Staff#Member2026';

let nextIp = 1;

export const roleIdOf = (name: RoleName) => ROLES.find((r) => r.name === name)!.id;

/**
 * Creates `userName` with the role (by name or id) at the institution (by code; none for platform
 * staff other than at the platform's own record) and signs in from an address of its own.
 */
export async function signedInStaff(
  app: TestApp,
  userName: string,
  role: RoleName | number,
  institutionCode: string | null,
): Promise<Browser & { userId: string }> {
  const db = app.database.db;
  const roleId = typeof role === 'number' ? role : roleIdOf(role);
  const inst = institutionCode ? (await db.select().from(t.institutions).where(eq(t.institutions.code, institutionCode)))[0] : null;
  if (institutionCode && !inst) throw new Error(`No institution ${institutionCode}`);
  const [user] = await db
    .insert(t.users)
    .values({
      userName,
      email: `${userName}@staff.demo.ng`,
      firstName: 'Bola',
      lastName: 'Ade',
      passwordHash: await hashPassword(STAFF_PASSWORD),
      roleId,
      institutionId: inst?.id ?? null,
    })
    .returning({ id: t.users.id });
  await db.insert(t.staffProfiles).values({ userId: user!.id });
  const n = nextIp++;
  const browser = Object.assign(new Browser(app, `10.77.${(n >> 8) & 255}.${n & 255}`), { userId: user!.id });
  const res = await browser.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password: STAFF_PASSWORD } });
  expect(res.status, res.body.description).toBe(200);
  return browser;
}
