// Creates the first super admin of a real deployment (started with SEED_DEMO=false).
//   npm run create-admin -- --username ada --email ada@example.ng --first Ada --last Okafor
// The password comes from ADMIN_PASSWORD, or a strong one is generated and printed once; either
// way it must be changed at first sign-in.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, or } from 'drizzle-orm';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@rivet/shared/domain/password';
import { EMAIL_PATTERN } from '@rivet/shared/domain/people';
import { loadConfig } from '../src/config';
import { ownerOnlyUmask, restrictTree } from '../src/data-dir';
import { openDatabase } from '../src/db/client';
import * as t from '../src/db/schema';
import { seedReferenceData, PLATFORM_INSTITUTION } from '../src/db/seed/seed';
import { hashPassword } from '../src/authentication/passwords';
import { isCommonPassword } from '../src/authentication/common-passwords';

const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' } },
});
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
const userName = values.username?.trim().toLowerCase() || fail('--username is required');
const email = values.email?.trim().toLowerCase() || fail('--email is required');
if (!EMAIL_PATTERN.test(email)) fail('Not a valid email address');

function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#$%&*+=?@'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]!);
  return chars.sort(() => randomInt(3) - 1).join('');
}

const fromEnv = process.env.ADMIN_PASSWORD;
const password = fromEnv || generatePassword();
if (!isStrongPassword(password)) fail(PASSWORD_RULE_MESSAGE);
if (isCommonPassword(password)) fail('This password is too common and easy to guess. Please choose a different one.');

// It may be the first to create the database: DATA_DIR stays owner-only, as the server keeps it.
ownerOnlyUmask();
const config = loadConfig();
const database = await openDatabase(config);
restrictTree(config.dataDir);
try {
  await seedReferenceData(database.db);
  const db = database.db;
  const [existing] = await db.select({ id: t.users.id }).from(t.users).where(or(eq(t.users.userName, userName), eq(t.users.email, email)));
  if (existing) fail(`A user with user name ${userName} or e-mail ${email} already exists.`);
  const [platform] = await db.select().from(t.institutions).where(eq(t.institutions.code, PLATFORM_INSTITUTION.code));
  const [user] = await db
    .insert(t.users)
    .values({
      userName,
      email,
      firstName: values.first?.trim() || 'Super',
      lastName: values.last?.trim() || 'Admin',
      passwordHash: await hashPassword(password),
      roleId: 10,
      institutionId: platform!.id,
      mustChangePassword: true,
    })
    .returning({ id: t.users.id });
  await db.insert(t.staffProfiles).values({ userId: user!.id });
  console.log(`Super admin ${userName} created. Sign in at ${config.publicUrl}/admin/ and choose a new password.`);
  if (!fromEnv) console.log(`One-time password: ${password}`);
} finally {
  await database.close();
}
