// First-start data. Reference data (permissions, roles, countries, languages, categories, the
// platform's own institution) is always present; demo partners, accounts and the course catalogue
// only when SEED_DEMO.
// Every insert is conflict-tolerant, so a second start adds nothing.
import { seedDemoEmailTemplates, seedEmailCategories } from './email-templates';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import { PERMISSIONS, ROLES, INSTITUTION_ADMIN_ROLE_ID, STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Database } from '../client';
import * as t from '../schema';
import { refreshAllCourseMinutes } from '../course-duration';
import { hashPassword } from '../../authentication/passwords';
import { NIGERIAN_BANKS } from './banks';
import { COUNTRIES, RETIRED_COUNTRY_CODES } from './countries';
import { seedCatalogue } from './catalogue/catalogue';
import { seedDiscounts } from './discounts';
import { seedRevenueFormulas } from './revenue';
import { seedDemoSales } from './sales';
import { seedDemoSurveyResponses } from './survey-responses';
import { partnerMedia } from './catalogue/media';

export const LANGUAGES = ['English', 'Yoruba', 'Igbo', 'Hausa', 'Nigerian Pidgin', 'French'];

export const CATEGORIES = [
  { name: 'Productivity', code: 'PRODUCTIVITY' },
  { name: 'Digital Skills', code: 'DIGITAL-SKILLS' },
  { name: 'Leadership, Business and Management', code: 'LEADERSHIP-BUSINESS-MANAGEMENT' },
];

export const PLATFORM_INSTITUTION = {
  name: 'Rivet',
  fullName: 'Rivet Learning Platform',
  code: 'RIVET',
  email: 'hello@rivet.ng',
  isPlatform: true,
  institutionType: 3,
  countryCode: 'NG',
  address: 'Yaba, Lagos',
};

export const DEMO_PARTNERS = [
  {
    name: 'UNILAG',
    fullName: 'University of Lagos',
    code: 'UNILAG',
    bankId: 5,
    accountNumber: '2034567891',
    ...partnerMedia('UNILAG'),
    email: 'partners@unilag.demo.ng',
    institutionType: 1,
    website: 'https://unilag.edu.ng',
    address: 'Akoka, Yaba, Lagos',
    phoneNumber: '08012345678',
    overview: 'A leading public university offering practical, career-focused short courses.',
    isActive: true,
  },
  {
    name: 'LBS',
    fullName: 'Lagos Business School',
    code: 'LBS',
    bankId: 8,
    accountNumber: '0123456789',
    ...partnerMedia('LBS'),
    email: 'exec@lbs.demo.ng',
    institutionType: 3,
    website: 'https://lbs.edu.ng',
    address: 'Ajah, Lagos',
    phoneNumber: '08023456789',
    overview: 'Executive education in leadership, strategy and management.',
    isActive: true,
  },
  {
    name: 'ABU',
    fullName: 'Ahmadu Bello University',
    code: 'ABU',
    bankId: 32,
    accountNumber: '1012345678',
    ...partnerMedia('ABU'),
    email: 'elearning@abu.demo.ng',
    institutionType: 1,
    website: 'https://abu.edu.ng',
    address: 'Zaria, Kaduna',
    phoneNumber: '08034567890',
    overview: 'Digital skills and productivity courses for learners across the North.',
    isActive: true,
  },
  {
    name: 'TECHHUB',
    fullName: 'Naija Tech Hub Foundation',
    code: 'TECHHUB',
    bankId: 1,
    accountNumber: '0698765432',
    ...partnerMedia('TECHHUB'),
    email: 'team@techhub.demo.ng',
    institutionType: 2,
    website: 'https://techhub.demo.ng',
    address: 'Wuse II, Abuja',
    phoneNumber: '08045678901',
    overview: 'A non-profit teaching coding to young Nigerians. Currently not publishing.',
    isActive: false,
  },
];

/** Manage Platform's demo settlement parties. */
export const DEMO_PLATFORM_PARTNERS = [
  { name: 'Rivet Operations', bankId: 8, accountNumber: '0234567810' },
  { name: 'Rivet Content Fund', bankId: 32, accountNumber: '1023456789', isActive: false },
];

/** Demo accounts, documented in the README with their passwords. Demo only. */
export const DEMO_ACCOUNTS = {
  superAdmin: { userName: 'superadmin', email: 'superadmin@rivet.ng', password: 'Rivet#Admin2026', firstName: 'Ada', lastName: 'Okafor' },
  institutionAdmin: {
    userName: 'unilag.admin',
    email: 'admin@unilag.demo.ng',
    password: 'Unilag#Start2026',
    firstName: 'Tunde',
    lastName: 'Bakare',
  },
  learner: { userName: 'learner@demo.ng', email: 'learner@demo.ng', password: 'Learn#Naija2026', firstName: 'Chioma', lastName: 'Eze' },
};

export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(t.permissions)
    .values(PERMISSIONS.map((p) => ({ id: p.id, name: p.name, groupingName: p.group, userTypeName: p.userTypes })))
    .onConflictDoNothing();
  await db
    .insert(t.roles)
    .values(ROLES.map((r) => ({ id: r.id, name: r.name, roleType: r.roleType })))
    .onConflictDoNothing();
  const byName = new Map(PERMISSIONS.map((p) => [p.name as string, p.id]));
  const links = ROLES.flatMap((r) => r.permissions.map((p) => ({ roleId: r.id, permissionId: byName.get(p)! })));
  if (links.length) await db.insert(t.rolePermissions).values(links).onConflictDoNothing();
  await db
    .insert(t.countries)
    .values(COUNTRIES.map(([code1, countryName], i) => ({ id: i + 1, code1, countryName })))
    .onConflictDoNothing();
  await retireCountryCodes(db);
  await db
    .insert(t.languages)
    .values(LANGUAGES.map((name, i) => ({ id: i + 1, name })))
    .onConflictDoNothing();
  await db.insert(t.courseCategories).values(CATEGORIES).onConflictDoNothing();
  await db
    .insert(t.banks)
    .values(NIGERIAN_BANKS.map(([id, name, code]) => ({ id, name, code })))
    .onConflictDoNothing();
  await db.insert(t.institutions).values(PLATFORM_INSTITUTION).onConflictDoNothing();
}

/** A database seeded before the duplicates were dropped: its rows move to the real code, then the duplicates go. */
async function retireCountryCodes(db: Database): Promise<void> {
  for (const [retired, code] of Object.entries(RETIRED_COUNTRY_CODES)) {
    await db.update(t.studentProfiles).set({ countryCode: code }).where(eq(t.studentProfiles.countryCode, retired));
    await db.update(t.institutions).set({ countryCode: code }).where(eq(t.institutions.countryCode, retired));
  }
  await db.delete(t.countries).where(inArray(t.countries.code1, Object.keys(RETIRED_COUNTRY_CODES)));
}

async function institutionId(db: Database, code: string): Promise<number> {
  const [row] = await db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, code));
  if (!row) throw new Error(`Seed: institution ${code} missing`);
  return row.id;
}

async function ensureUser(
  db: Database,
  account: { userName: string; email: string; password: string; firstName: string; lastName: string },
  extra: { roleId: number; institutionId: number | null; mustChangePassword?: boolean; student?: { age: string; countryCode: string } },
): Promise<void> {
  const [existing] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.userName, account.userName));
  if (existing) return;
  const [user] = await db
    .insert(t.users)
    .values({
      userName: account.userName,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash: await hashPassword(account.password),
      roleId: extra.roleId,
      institutionId: extra.institutionId,
      mustChangePassword: extra.mustChangePassword ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: t.users.id });
  if (!user) return;
  if (extra.student) {
    await db.insert(t.studentProfiles).values({ userId: user.id, age: extra.student.age, countryCode: extra.student.countryCode });
  } else {
    await db.insert(t.staffProfiles).values({ userId: user.id });
  }
}

/** What the demo adds besides its catalogue: its sales (decision 077), counted back from `now`. */
export interface DemoOptions {
  /** Demo sales (default true); server tests leave them out, their figures are their own fixtures'. */
  sales?: boolean;
  now?: Date;
}

export async function seedDemoData(db: Database, options: DemoOptions = {}): Promise<void> {
  await db.insert(t.institutions).values(DEMO_PARTNERS.map((p) => ({ ...p, countryCode: 'NG' }))).onConflictDoNothing();
  const platformId = await institutionId(db, PLATFORM_INSTITUTION.code);
  const unilagId = await institutionId(db, 'UNILAG');
  await ensureUser(db, DEMO_ACCOUNTS.superAdmin, { roleId: 10, institutionId: platformId });
  await ensureUser(db, DEMO_ACCOUNTS.institutionAdmin, { roleId: INSTITUTION_ADMIN_ROLE_ID, institutionId: unilagId, mustChangePassword: true });
  await ensureUser(db, DEMO_ACCOUNTS.learner, { roleId: STUDENT_ROLE_ID, institutionId: null, student: { age: '25-29', countryCode: 'NG' } });
  await db.insert(t.platformPartners).values(DEMO_PLATFORM_PARTNERS).onConflictDoNothing();
  await seedCatalogue(db, DEMO_ACCOUNTS.learner.userName);
  await seedInstructors(db);
  await seedDiscounts(db);
  await seedRevenueFormulas(db);
  // After the formulas and codes: the ledger splits each sale by its course's formula.
  if (options.sales ?? true) await seedDemoSales(db, options.now ?? new Date());
  await seedDemoSurveyResponses(db);
  await seedDemoEmailTemplates(db);
}

/** The demo partners' instructors: those their demo courses name (migration 0010 does the same for older databases). */
async function seedInstructors(db: Database): Promise<void> {
  const named = await db
    .selectDistinct({ institutionId: t.courses.institutionId, name: t.courses.instructorName })
    .from(t.courses)
    .where(isNotNull(t.courses.instructorName));
  const rows = named.flatMap((r) => (r.name?.trim() ? [{ institutionId: r.institutionId, name: r.name.trim() }] : []));
  if (rows.length) await db.insert(t.instructors).values(rows).onConflictDoNothing();
}

export async function seed(db: Database, options: { demo: boolean } & DemoOptions): Promise<void> {
  await seedReferenceData(db);
  await seedEmailCategories(db);
  if (options.demo) await seedDemoData(db, options);
  // Courses stored before decision 080 (a video measured after its course was saved kept 0
  // minutes) get their length from their content; later starts find nothing to change.
  await refreshAllCourseMinutes(db);
}
