// Before the end-to-end server starts (playwright.config.ts): the same database the server will
// open, migrated and seeded, plus one staff account per role for the stories that need staff who
// are not the demo ones (the demo institution admin must change its password first, and another
// story does that). The embedded database allows one process at a time, so this runs and closes
// before the server opens it.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { ownerOnlyUmask } from '../../server/src/data-dir';
import { openDatabase } from '../../server/src/db/client';
import * as t from '../../server/src/db/schema';
import { seed } from '../../server/src/db/seed/seed';
import { hashPassword } from '../../server/src/authentication/passwords';
import { E2E_PROFILE_EDITOR, E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';

ownerOnlyUmask();
const config = loadConfig();
const database = await openDatabase(config);
const { db } = database;
await seed(db, { demo: true });
const passwordHash = await hashPassword(E2E_STAFF_PASSWORD);
for (const staff of [...Object.values(E2E_STAFF), E2E_PROFILE_EDITOR]) {
  const [institution] = await db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, staff.institutionCode));
  const [role] = await db.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.name, staff.role));
  const [user] = await db
    .insert(t.users)
    .values({
      userName: staff.userName,
      email: `${staff.userName}@staff.e2e.ng`,
      firstName: staff.firstName,
      lastName: 'Tester',
      passwordHash,
      roleId: role!.id,
      institutionId: institution!.id,
    })
    .onConflictDoNothing()
    .returning({ id: t.users.id });
  if (user) await db.insert(t.staffProfiles).values({ userId: user.id }).onConflictDoNothing();
}
await database.close();
