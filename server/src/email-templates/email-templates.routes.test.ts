import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES as M, TEST_MAILS_PER_HOUR } from '@rivet/shared/api/email-templates';
import * as t from '../db/schema';
import { DEFAULT_RATES, priceCourse } from '@rivet/shared/domain/pricing';
import { DEMO_EMAIL_TEMPLATES } from '../db/seed/email-templates';
import { createStudyFixtures } from '../learning/study-fixtures';
import { insertCourse } from '../testing/catalogue-fixtures';
import { HIDDEN } from '../mail/mailer';
import { roleIdOf, signedInStaff } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const EMAIL = '/api/Notification/Email';

describe.each(testDrivers())('e-mail templates on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let unilagAdmin: Browser;
  let ids: Record<string, number>;
  let rivetId: number;
  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'emails.super', 'SUPER ADMIN', 'RIVET');
    unilagAdmin = await signedInStaff(app, 'emails.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    rivetId = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, 'RIVET')))[0]!.id;
    ids = Object.fromEntries((await app.database.db.select().from(t.emailTemplates)).map((r) => [r.code, r.id]));
  });
  afterAll(() => app?.close());

  const get = (who: Browser, id: number) => who.call(`${EMAIL}/Template/${id}`);
  const update = (who: Browser, json: Record<string, unknown>) => who.call(`${EMAIL}/Template/Update`, { json });
  const create = (who: Browser, json: Record<string, unknown>) => who.call(`${EMAIL}/Template/Create`, { json });
  const toggle = (who: Browser, id: number) => who.call(`${EMAIL}/Email/Toggle/${id}`, { method: 'POST' });
  const auditRows = (action: string, record: string | number) =>
    app.database.db
      .select()
      .from(t.auditTrail)
      .where(and(eq(t.auditTrail.moduleName, 'EmailTemplate'), eq(t.auditTrail.moduleAction, action), eq(t.auditTrail.record, String(record))));
  /** A template's fields as the edit form sends them, with changes. */
  const edited = async (code: string, changes: Record<string, unknown>) => {
    const { id, name, template, emailCategoryId } = (await get(superAdmin, ids[code]!)).body.data;
    return { id, name, template, emailCategoryId, ...changes };
  };
  let invited = 0;
  /** A new staff account: its invitation e-mail, as sent and as kept in the outbox. */
  async function invite() {
    const userName = `emails.invited${++invited}`;
    const email = `${userName}@staff.example.ng`;
    const res = await superAdmin.call(`${AUTH}/Account/Admin/Create`, {
      json: { firstName: 'Ngozi', lastName: 'Obi', userName, email, phoneNumber: '08031234567', roles: roleIdOf('RIVET REPORT'), institutionId: rivetId },
    });
    expect(res.status, res.body.description).toBe(200);
    await app.idle();
    const sent = app.mails.filter((m) => m.to === email);
    expect(sent).toHaveLength(1);
    const outbox = await app.database.db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, email));
    return { sent: sent[0]!, outbox: outbox[0]! };
  }

  it('lists the seeded templates, 10 a page, with their categories, to staff who may view them', async () => {
    for (const who of [superAdmin, unilagAdmin]) {
      const res = await who.call(`${EMAIL}/Template/List?Page=1&PageSize=10`);
      expect(res.status).toBe(200);
      expect(res.body.data.totalRows).toBe(5);
      expect(res.body.data.items.map((i: { code: string }) => i.code).sort()).toEqual(['course-approved', 'course-rejected', 'password-reset', 'payment-receipt', 'staff-invitation']);
    }
    const second = await superAdmin.call(`${EMAIL}/Template/List?Page=2&PageSize=3`);
    expect(second.body.data.items).toHaveLength(2);
    const categories = (await unilagAdmin.call(`${EMAIL}/Email/Category/List`)).body.data.map((c: { name: string }) => c.name);
    expect(categories).toEqual(['Account', 'Payment', 'Course Review']);
    const one = (await get(unilagAdmin, ids['staff-invitation']!)).body.data;
    expect(one).toMatchObject({ code: 'staff-invitation', name: DEMO_EMAIL_TEMPLATES['staff-invitation'].name, emailCategoryName: 'Account', isActive: true });
    expect(one.tokens.map((x: { token: string }) => x.token)).toContain('oneTimePassword');
    const tokens = (await unilagAdmin.call(`${EMAIL}/Email/FetchTokens/${ids['course-rejected']}`)).body.data.map((x: { token: string }) => x.token);
    expect(tokens).toEqual(['firstName', 'courseTitle', 'comment', 'consoleUrl']);
    expect((await get(superAdmin, 999_999)).status).toBe(404);
  });

  it('lets only platform staff change templates: an institution admin only reads them', async () => {
    const body = await edited('password-reset', { name: 'Changed by a partner' });
    expect((await update(unilagAdmin, body)).status).toBe(403);
    expect((await toggle(unilagAdmin, ids['password-reset']!)).status).toBe(403);
    expect((await create(unilagAdmin, { code: 'password-reset', name: 'x', template: '<p>x</p>', emailCategoryId: 1 })).status).toBe(403);
    expect((await unilagAdmin.call(`${EMAIL}/Send`, { json: { code: 'password-reset', name: 'x', template: '<p>x</p>' } })).status).toBe(403);
    expect((await get(superAdmin, ids['password-reset']!)).body.data.name).toBe(DEMO_EMAIL_TEMPLATES['password-reset'].name);
  });

  it('refuses blank fields with the spec’s messages, unknown placeholders and categories, and a second template of a code, storing nothing', async () => {
    const before = (await get(superAdmin, ids['course-approved']!)).body.data;
    const expectRefused = async (changes: Record<string, unknown>, message: string) => {
      const res = await update(superAdmin, await edited('course-approved', changes));
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(res.body.description).toBe(message);
    };
    await expectRefused({ name: '  ' }, M.name);
    await expectRefused({ template: '' }, M.message);
    await expectRefused({ template: '<p> </p>' }, M.message);
    await expectRefused({ emailCategoryId: null }, M.category);
    await expectRefused({ emailCategoryId: 999_999 }, M.unknownCategory);
    await expectRefused({ template: '<p>Hello {{firstName}}, your {{oneTimePassword}} and {{ grade }}</p>' }, M.unknownTokens(['oneTimePassword', 'grade'], ['firstName', 'courseTitle', 'outcome', 'consoleUrl']));
    await expectRefused({ name: 'About {{comment}}' }, M.unknownTokens(['comment'], ['firstName', 'courseTitle', 'outcome', 'consoleUrl']));
    expect((await create(superAdmin, { name: 'x', template: '<p>x</p>', emailCategoryId: 1 })).body.description).toBe(M.code);
    expect((await create(superAdmin, { code: 'welcome', name: 'x', template: '<p>x</p>', emailCategoryId: 1 })).body.description).toBe(M.unknownCode);
    const twice = await create(superAdmin, { code: 'course-approved', name: 'Another', template: '<p>Hi {{firstName}}</p>', emailCategoryId: 3 });
    expect(twice.status).toBe(409);
    expect(twice.body.description).toBe(M.codeTaken('course-approved'));
    expect((await get(superAdmin, ids['course-approved']!)).body.data).toEqual(before);
  });

  it('sanitises the message, keeps its placeholders, answers “Email Updated Successfully” and audits the change', async () => {
    const res = await update(superAdmin, await edited('course-approved', { template: '<p onclick="x()">Well done {{firstName}}</p><script>alert(1)</script><p><a href="{{consoleUrl}}">Open the console</a></p>' }));
    expect(res.status).toBe(200);
    expect(res.body.description).toBe('Email Updated Successfully');
    expect(res.body.data.template).toBe('<p>Well done {{firstName}}</p><p><a href="{{consoleUrl}}">Open the console</a></p>');
    expect(await auditRows('Update', ids['course-approved']!)).toHaveLength(1);
    // The same again changes nothing and writes no row.
    expect((await update(superAdmin, await edited('course-approved', {}))).status).toBe(200);
    expect(await auditRows('Update', ids['course-approved']!)).toHaveLength(1);
  });

  it('renders a real staff invitation through the edited template, escaping values, the one-time password kept out of the outbox', async () => {
    const saved = await update(superAdmin, await edited('staff-invitation', { name: 'Welcome aboard, {{firstName}}', template: '<p>Hi {{firstName}} ({{roleName}}, {{organisation}})</p><p>Username: {{userName}}<br>One-time password: {{oneTimePassword}}</p>' }));
    expect(saved.status).toBe(200);
    const { sent, outbox } = await invite();
    expect(sent.subject).toBe('Welcome aboard, Ngozi');
    const password = /One-time password: (\S+)/.exec(sent.text)![1]!;
    expect(password).toHaveLength(14);
    expect(sent.html).toContain('Hi Ngozi (RIVET REPORT, ');
    // The password's & becomes &amp; in the HTML; either form is the secret.
    expect(sent.html).toContain(`One-time password: ${password.replace(/&/g, '&amp;')}</p>`);
    expect(outbox.template).toBe('staff-invitation');
    expect(outbox.subject).toBe('Welcome aboard, Ngozi');
    expect(outbox.text).toContain(`One-time password: ${HIDDEN}`);
    expect(outbox.html).toContain(`One-time password: ${HIDDEN}`);
    expect(JSON.stringify(outbox)).not.toContain(password);
    expect(JSON.stringify(outbox)).not.toContain(password.replace(/&/g, '&amp;'));
    // The password works: the mail is the only place it exists.
    const signIn = await new Browser(app, '10.67.0.1').call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: `emails.invited${invited}`, password } });
    expect(signIn.status).toBe(200);
  });

  it('falls back to the built-in text while the template is off, and uses it again once on', async () => {
    const off = await toggle(superAdmin, ids['staff-invitation']!);
    expect(off.body).toMatchObject({ description: M.deactivated, data: { isActive: false } });
    expect(await auditRows('Toggle', ids['staff-invitation']!)).toHaveLength(1);
    const builtIn = await invite();
    expect(builtIn.sent.subject).toBe('Your Rivet admin console account');
    expect(builtIn.sent.html).toBeUndefined();
    expect(builtIn.sent.text).toMatch(/^Hello Ngozi,\n\nAn account has been created/);
    const on = await toggle(superAdmin, ids['staff-invitation']!);
    expect(on.body).toMatchObject({ description: M.activated, data: { isActive: true } });
    expect((await invite()).sent.subject).toBe('Welcome aboard, Ngozi');
  });

  it('renders the password reset from its seeded template with the link kept out of the outbox', async () => {
    const email = 'emails.super@staff.demo.ng';
    const res = await new Browser(app, '10.67.1.1').call(`${AUTH}/Account/User/ForgotPassword`, { json: { userName: 'emails.super', student: false } });
    expect(res.status).toBe(200);
    await app.idle();
    const mail = app.mails.filter((m) => m.to === email && m.subject === 'Reset your Rivet password').at(-1)!;
    expect(mail.html).toMatch(/<a href="http:\/\/localhost:8080\/admin\/change-password\?token=[^"]+">/);
    const link = /(http:\/\/\S+token=\S+)/.exec(mail.text)![1]!;
    const rows = await app.database.db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.recipient, email), eq(t.emailOutbox.template, 'password-reset')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(link);
    expect(JSON.stringify(rows[0])).not.toContain(new URL(link).searchParams.get('token')!);
    expect(rows[0]!.html).toContain(HIDDEN);
  });

  it('sends a real receipt whose template links {{courseTitle}} without the javascript: link a hostile course title would make (issue 29)', async () => {
    const saved = await update(superAdmin, await edited('payment-receipt', { template: '<p>Thank you for <a href="{{courseTitle}}">{{courseTitle}}</a>.</p><p><a href="{{courseUrl}}">Start learning</a></p>' }));
    expect(saved.status, saved.body.description).toBe(200);
    const db = app.database.db;
    const [partner] = await db.select({ id: t.institutions.id }).from(t.institutions).where(eq(t.institutions.code, 'UNILAG'));
    const price = priceCourse(800_000, DEFAULT_RATES);
    const course = await insertCourse(db, { institutionId: partner!.id, title: 'javascript:alert(document.domain)//', isPaid: true, basePriceKobo: 800_000, vatKobo: price.vat, gatewayChargeKobo: price.gatewayCharge, priceKobo: price.amount });
    const learner = await createStudyFixtures(app).learner();
    const logged = await learner.b.call('/api/Course/Payment/Log', { json: { courseId: course.id, userId: learner.userId, amount: price.amount / 100 } });
    expect(logged.status, logged.body.description).toBe(200);
    const reference = logged.body.data.reference as string;
    expect((await learner.b.call(`/api/Course/Payment/Sandbox/${reference}`, { json: { outcome: 'success' } })).status).toBe(200);
    const paid = await learner.b.call('/api/Course/Payment/Process', { json: { referenceNo: reference, courseId: course.id, userId: learner.userId } });
    expect(paid.body.data).toMatchObject({ enrolled: true });
    await app.idle();
    const [{ email }] = (await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, learner.userId))) as [{ email: string }];
    const receipt = app.mails.filter((m) => m.to === email).at(-1)!;
    expect(receipt.html).not.toMatch(/href\s*=\s*["']?\s*javascript/i);
    expect(receipt.html).toContain('Thank you for <a>javascript:alert(document.domain)//</a>.');
    expect(receipt.html).toMatch(new RegExp(`<a href="http[^"]+/course/delivery\\?courseId=${course.id}">Start learning</a>`));
    const [kept] = await db.select().from(t.emailOutbox).where(and(eq(t.emailOutbox.recipient, email), eq(t.emailOutbox.template, 'payment-receipt')));
    expect(kept!.html).not.toMatch(/href\s*=\s*["']?\s*javascript/i);
  });

  it('sends a test of the form as it stands, with sample values, to the signed-in staff member when no address is given, saving nothing', async () => {
    const before = (await get(superAdmin, ids['course-rejected']!)).body.data;
    const res = await superAdmin.call(`${EMAIL}/Send`, { json: { code: 'course-rejected', name: 'Rejected: {{courseTitle}}', template: '<p>Dear {{firstName}}</p><blockquote><p>{{comment}}</p></blockquote>', to: 'someone@else.example' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Email Sent Successfully', data: { to: 'emails.super@staff.demo.ng' } });
    await app.idle();
    const mail = app.mails.at(-1)!;
    expect(mail.to).toBe('emails.super@staff.demo.ng');
    expect(mail.subject).toBe('[Test] Rejected: Introduction to Data Analysis');
    expect(mail.html).toBe('<p>Dear Adaeze</p><blockquote><p>Please add captions to the videos in module 2.</p></blockquote>');
    expect(mail.text).toBe('Dear Adaeze\n\nPlease add captions to the videos in module 2.');
    expect(await auditRows('SendTest', 'course-rejected')).toHaveLength(1);
    expect((await get(superAdmin, ids['course-rejected']!)).body.data).toEqual(before);
    const bad = await superAdmin.call(`${EMAIL}/Send`, { json: { code: 'course-rejected', name: 'Hi', template: '<p>{{resetLink}}</p>' } });
    expect(bad.status).toBe(400);
  });

  it('sends a test to the staff addresses the sender types (spec 002 §2.10), checked, at most three, audited with them', async () => {
    await signedInStaff(app, 'emails.editor', 'RIVET ADMIN', 'RIVET');
    await signedInStaff(app, 'emails.reviewer', 'INSTITUTION ADMIN', 'UNILAG');
    const form = { code: 'course-approved', name: 'Approved: {{courseTitle}}', template: '<p>Dear {{firstName}}</p>' };
    const res = await superAdmin.call(`${EMAIL}/Send`, { json: { ...form, recipients: ['Emails.Editor@Staff.Demo.ng', 'emails.reviewer@staff.demo.ng', 'emails.editor@staff.demo.ng'] } });
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data).toEqual({ to: 'emails.editor@staff.demo.ng, emails.reviewer@staff.demo.ng' });
    await app.idle();
    expect(app.mails.slice(-2).map((m) => [m.to, m.subject])).toEqual([
      ['emails.editor@staff.demo.ng', '[Test] Approved: Introduction to Data Analysis'],
      ['emails.reviewer@staff.demo.ng', '[Test] Approved: Introduction to Data Analysis'],
    ]);
    expect((await auditRows('SendTest', 'course-approved')).at(-1)!.description).toContain('emails.editor@staff.demo.ng, emails.reviewer@staff.demo.ng');
    const cases: [unknown, string][] = [
      [[], M.email],
      [['  '], M.email],
      [['not-an-address'], M.emailInvalid],
      [['a@rivet.example', 'b@rivet.example', 'c@rivet.example', 'd@rivet.example'], M.tooManyRecipients],
    ];
    const mailsBefore = app.mails.length;
    for (const [recipients, message] of cases) {
      const refused = await superAdmin.call(`${EMAIL}/Send`, { json: { ...form, recipients } });
      expect([refused.status, refused.body.description], JSON.stringify(recipients)).toEqual([400, message]);
    }
    await app.idle();
    expect(app.mails.length).toBe(mailsBefore);
    // Institution staff only read templates: they send nothing.
    expect((await unilagAdmin.call(`${EMAIL}/Send`, { json: { ...form, recipients: ['emails.super@staff.demo.ng'] } })).status).toBe(403);
  });

  it('refuses a test to any address that is not an active staff member’s, naming it and sending to nobody (issue 29)', async () => {
    const form = { code: 'course-approved', name: 'Approved: {{courseTitle}}', template: '<p>Dear {{firstName}} <a href="https://outside.example/win">claim</a></p>' };
    const db = app.database.db;
    const learner = await createStudyFixtures(app).learner('Outsider');
    const [{ email: learnerEmail }] = (await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, learner.userId))) as [{ email: string }];
    const gone = await signedInStaff(app, 'emails.gone', 'RIVET ADMIN', 'RIVET');
    await db.update(t.users).set({ isActive: false }).where(eq(t.users.id, gone.userId));
    const sendsBefore = app.mails.length;
    const auditBefore = (await auditRows('SendTest', 'course-approved')).length;
    const cases: [string[], string[]][] = [
      [['stranger@gmail.com'], ['stranger@gmail.com']],
      // One outsider among colleagues stops the whole test: nobody gets it.
      [['emails.super@staff.demo.ng', 'Victim@Example.com', 'emails.unilag@staff.demo.ng'], ['victim@example.com']],
      // A learner is not staff, nor is a deactivated staff member.
      [[learnerEmail], [learnerEmail]],
      [['emails.gone@staff.demo.ng'], ['emails.gone@staff.demo.ng']],
    ];
    for (const [recipients, outside] of cases) {
      const refused = await superAdmin.call(`${EMAIL}/Send`, { json: { ...form, recipients } });
      expect([refused.status, refused.body.description], JSON.stringify(recipients)).toEqual([400, M.notStaff(outside)]);
      expect(refused.body.errors).toEqual([{ field: 'recipients', message: M.notStaff(outside) }]);
    }
    await app.idle();
    expect(app.mails.length).toBe(sendsBefore);
    expect(await auditRows('SendTest', 'course-approved')).toHaveLength(auditBefore);
    // The sender's own address, and a partner's active staff member's, are fine.
    for (const recipients of [['emails.super@staff.demo.ng'], ['emails.unilag@staff.demo.ng']]) {
      expect((await superAdmin.call(`${EMAIL}/Send`, { json: { ...form, recipients } })).status).toBe(200);
    }
  });

  it('lets one staff member send at most TEST_MAILS_PER_HOUR tests an hour', async () => {
    const sender = await signedInStaff(app, 'emails.limit', 'SUPER ADMIN', 'RIVET');
    const form = { code: 'course-approved', name: 'Approved', template: '<p>Hello</p>', recipients: ['emails.limit@staff.demo.ng'] };
    for (let i = 0; i < TEST_MAILS_PER_HOUR; i++) expect((await sender.call(`${EMAIL}/Send`, { json: form })).status).toBe(200);
    const refused = await sender.call(`${EMAIL}/Send`, { json: form });
    expect(refused.status).toBe(429);
    expect(refused.body.description).toMatch(/^Too many attempts/);
    // Another staff member is not held back by it.
    expect((await superAdmin.call(`${EMAIL}/Send`, { json: form })).status).toBe(200);
  });

  it('creates a template for a code that has none, with an audit row', async () => {
    await app.database.db.delete(t.emailTemplates).where(eq(t.emailTemplates.code, 'payment-receipt'));
    const made = await create(superAdmin, { code: 'payment-receipt', name: 'Receipt for {{courseTitle}}', template: '<p>Paid {{amount}}</p>', emailCategoryId: 2 });
    expect(made.status).toBe(200);
    expect(made.body.description).toBe(M.created);
    expect(made.body.data).toMatchObject({ code: 'payment-receipt', emailCategoryName: 'Payment', isActive: true });
    expect(await auditRows('Create', made.body.data.id)).toHaveLength(1);
  });
});
