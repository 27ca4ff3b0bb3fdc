// Decision 082: names and codes staff type are unique whatever their case, and the database decides.
// Ten saves at once of one name (in different cases) store exactly one; the other nine answer the
// module's own 409, never a 500 (issue 29 §2: ten parallel formulas 'SameName' stored seven).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from '@rivet/shared/api/course-configuration';
import { EMAIL_MESSAGES } from '@rivet/shared/api/email-templates';
import { INSTRUCTOR_MESSAGES } from '@rivet/shared/api/instructors';
import { PARTNER_MESSAGES } from '@rivet/shared/api/partners';
import { REVENUE_UI_MESSAGES } from '@rivet/shared/api/revenue';
import { ROLE_MESSAGES } from '@rivet/shared/api/roles';
import { INSTITUTION_ADMIN_ROLE_ID, PERMISSIONS } from '@rivet/shared/domain/permissions';
import * as t from './schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { AUTH, createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const N = 10;
/** 'SameName', 'samename', 'SAMENAME', … : the same name to a case-blind eye. */
const variant = (name: string, i: number) => (i % 3 === 0 ? name : i % 3 === 1 ? name.toLowerCase() : name.toUpperCase());

type Answer = { status: number; body: { description?: string } };

/** Exactly one 200; every other answer a 409 with the message for what it sent. */
function oneWins(answers: Answer[], message: (i: number) => string) {
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses, JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409).map((a) => a.body))).toEqual([200, ...Array<number>(N - 1).fill(409)]);
  answers.forEach((a, i) => {
    if (a.status === 409) expect(a.body.description).toBe(message(i));
  });
}

describe.each(testDrivers())('unique names under concurrency on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let unilag: number;

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'uniques.super', 'SUPER ADMIN', null);
    unilag = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, 'UNILAG')))[0]!.id;
  });
  afterAll(() => app?.close());

  const parallel = (call: (i: number) => Promise<Answer>) => Promise.all(Array.from({ length: N }, (_, i) => call(i)));
  const sameAs = (values: string[], name: string) => values.filter((v) => v.toLowerCase() === name.toLowerCase()).length;
  const db = () => app.database.db;

  it('stores one revenue formula of a name', async () => {
    const answers = await parallel((i) =>
      superAdmin.call('/api/Course/Revenue/Create', {
        json: {
          name: variant('SameName', i),
          revenuePartnerModel: [
            { sNo: 1, revenuePatnerType: 0, partnerId: 0, percentage: 30 },
            { sNo: 2, revenuePatnerType: 1, partnerId: unilag, percentage: 70 },
          ],
        },
      }),
    );
    oneWins(answers, (i) => REVENUE_UI_MESSAGES.nameTaken(variant('SameName', i)));
    expect(sameAs((await db().select({ v: t.revenueFormulas.name }).from(t.revenueFormulas)).map((r) => r.v), 'SameName')).toBe(1);
  });

  it('stores one course category of a name, and one of a code', async () => {
    const byName = await parallel((i) => superAdmin.call('/api/Course/CourseCategory/Create', { json: { name: variant('SameCat', i), code: `SAME-CAT-${i}` } }));
    oneWins(byName, (i) => CATEGORY_MESSAGES.nameTaken(variant('SameCat', i)));
    const byCode = await parallel((i) => superAdmin.call('/api/Course/CourseCategory/Create', { json: { name: `Same Code ${i}`, code: variant('same-code', i) } }));
    oneWins(byCode, () => CATEGORY_MESSAGES.codeTaken('SAME-CODE'));
    const rows = await db().select({ name: t.courseCategories.name, code: t.courseCategories.code }).from(t.courseCategories);
    expect(sameAs(rows.map((r) => r.name), 'SameCat')).toBe(1);
    expect(sameAs(rows.map((r) => r.code), 'SAME-CODE')).toBe(1);
  });

  it('stores one role of a name, while roles of different names made at once are all stored', async () => {
    const permissionId = [PERMISSIONS.find((p) => p.name === 'viewuser')!.id];
    const save = (name: string) => superAdmin.call(`${AUTH}/RolePermissionManager/CreateRoleandPermission`, { json: { roleType: 1, name, permissionId } });
    oneWins(await parallel((i) => save(variant('Same Role', i))), (i) => ROLE_MESSAGES.nameTaken(variant('Same Role', i)));
    const different = await parallel((i) => save(`Different Role ${i}`));
    expect(different.map((a) => a.status)).toEqual(Array<number>(N).fill(200));
    expect(sameAs((await db().select({ v: t.roles.name }).from(t.roles)).map((r) => r.v), 'Same Role')).toBe(1);
  });

  it('stores one partner of a short name, and one of an e-mail address', async () => {
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 12, g: 80, b: 160 } } }).png().toBuffer();
    const create = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, value] of Object.entries(fields)) form.append(k, value);
      for (const name of ['Logo', 'Thumbnail', 'Banner', 'CertificateLogo']) form.append(name, new File([new Uint8Array(png)], `${name}.png`, { type: 'image/png' }));
      return superAdmin.call('/api/Institution/Institution/Create', { form });
    };
    const fields = (n: string, name: string, email: string) => ({
      FullName: `Same Partner ${n}`,
      Name: name,
      Email: email,
      PhoneNumber: '08031234567',
      Website: 'https://same.edu.ng',
      Address: '1 Same Road, Kaduna',
      Country: 'NG',
      AccountNumber: '0123456789',
      BankId: '8',
      overView: 'A partner made ten times at once.',
      InstitutionType: '1',
      Code: `SAME-${n}`,
      'UserModel.FirstName': 'Aisha',
      'UserModel.LastName': 'Bello',
      'UserModel.Email': `aisha.${n}@same.edu.ng`,
      'UserModel.PhoneNumber': '08039876543',
      'UserModel.userName': `same-${n}.aisha`.toLowerCase(),
      'UserModel.Roles': String(INSTITUTION_ADMIN_ROLE_ID),
    });
    oneWins(await parallel((i) => create(fields(`N${i}`, variant('SamePartner', i), `n${i}@same.edu.ng`))), () => PARTNER_MESSAGES.nameTaken);
    oneWins(await parallel((i) => create(fields(`E${i}`, `MailPartner${i}`, variant('Office@Same.edu.ng', i)))), () => PARTNER_MESSAGES.emailTaken);
    const rows = await db().select({ name: t.institutions.name, email: t.institutions.email }).from(t.institutions);
    expect(sameAs(rows.map((r) => r.name), 'SamePartner')).toBe(1);
    expect(sameAs(rows.map((r) => r.email), 'office@same.edu.ng')).toBe(1);
   }, 60_000);

  it('stores one template of an e-mail code', async () => {
    await db().delete(t.emailTemplates).where(eq(t.emailTemplates.code, 'course-approved'));
    const answers = await parallel((i) =>
      superAdmin.call('/api/Notification/Email/Template/Create', { json: { code: 'course-approved', name: `Approved ${i}`, template: '<p>Hi {{firstName}}</p>', emailCategoryId: 3 } }),
    );
    oneWins(answers, () => EMAIL_MESSAGES.codeTaken('course-approved'));
    expect(await db().select().from(t.emailTemplates).where(eq(t.emailTemplates.code, 'course-approved'))).toHaveLength(1);
  });

  it('stores one instructor of a name per partner', async () => {
    const answers = await parallel((i) => superAdmin.call('/api/Course/Instructor/Create', { json: { institutionId: unilag, name: variant('Same Instructor', i) } }));
    // The partner's lock judges them one after the other, so the message names the stored spelling.
    const stored = answers.findIndex((a) => a.status === 200);
    oneWins(answers, () => INSTRUCTOR_MESSAGES.nameTaken(variant('Same Instructor', stored)));
    const rows = await db().select({ v: t.instructors.name }).from(t.instructors).where(eq(t.instructors.institutionId, unilag));
    expect(sameAs(rows.map((r) => r.v), 'Same Instructor')).toBe(1);
  });
});
