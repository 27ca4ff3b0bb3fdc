// Privacy & Settings through the real app (docs/decisions/090): reading and changing the
// retention periods and the contact (bounds, messages, audit, platform staff only), the public
// notice's answer, a learner's export (each section, nothing of anyone else, logged), and account
// deletions logged with a masked address.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FORMAT, PRIVACY_MESSAGES } from '@rivet/shared/api/privacy';
import * as t from '../db/schema';
import { insertCourse } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const SETTINGS = '/api/Configuration/Privacy/Settings';
const REQUESTS = '/api/Configuration/Privacy/DataRequests';
const NOTICE = '/api/Configuration/Privacy/Notice';
const EXPORT = `${AUTH}/Account/Student/ExportData`;

const GOOD = {
  signInRecordsDays: 180,
  resetLinksDays: 2,
  emailCopiesDays: 60,
  contactName: 'Ngozi Adeyemi',
  contactEmail: 'DPO@Rivet.ng',
  contactPhone: '+234 803 555 0199',
  contactAddress: '12 Broad Street\nLagos Island, Lagos',
};

describe.each(testDrivers())('privacy settings on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser & { userId: string };
  let report: Browser;
  let partnerAdmin: Browser;
  let learnerSeq = 0;

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'privacy.super', 'SUPER ADMIN', null);
    report = await signedInStaff(app, 'privacy.report', 'RIVET REPORT', null);
    partnerAdmin = await signedInStaff(app, 'privacy.partner', 'INSTITUTION ADMIN', 'UNILAG');
  });
  afterAll(() => app?.close());

  const save = (who: Browser, json: unknown) => who.call(SETTINGS, { method: 'PUT', json });

  async function learner(first: string) {
    const email = `privacy.${first.toLowerCase()}.${++learnerSeq}@demo.ng`;
    const password = 'Okra#Soup2026';
    const reg = await new Browser(app, `10.31.0.${learnerSeq}`).call(`${AUTH}/Account/Student/Register`, {
      json: { firstName: first, lastName: 'Obi', email, password, age: '25-29', country: 'NG' },
    });
    expect(reg.status, reg.body.description).toBe(200);
    const browser = new Browser(app, `10.31.1.${learnerSeq}`);
    const res = await browser.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: email, password } });
    expect(res.status).toBe(200);
    return { browser, email, password, userId: res.body.data.userId as string };
  }

  it('shows the settings to platform staff and to partner staff who may view them, not to others', async () => {
    const res = await superAdmin.call(SETTINGS);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ signInRecordsDays: 365, resetLinksDays: 1, emailCopiesDays: 90, contact: { name: null, email: null, phone: null, address: null } });
    expect((await partnerAdmin.call(SETTINGS)).status).toBe(200);
    expect((await report.call(SETTINGS)).status).toBe(403);
  });

  it('refuses periods outside the bounds and a contact that cannot be reached, with the messages', async () => {
    const tooShort = await save(superAdmin, { ...GOOD, resetLinksDays: 0 });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.description).toBe(PRIVACY_MESSAGES.range('resetLinksDays'));
    expect(PRIVACY_MESSAGES.range('resetLinksDays')).toBe('Spent reset links must be kept from 1 to 30 days');
    const tooLong = await save(superAdmin, { ...GOOD, signInRecordsDays: 366 });
    expect(tooLong.body.description).toBe('Sign-in records must be kept from 30 to 365 days');
    expect((await save(superAdmin, { ...GOOD, emailCopiesDays: 91 })).body.description).toBe('Copies of e-mails must be kept from 7 to 90 days');
    expect((await save(superAdmin, { ...GOOD, emailCopiesDays: 7.5 })).status).toBe(400);
    expect((await save(superAdmin, { ...GOOD, contactEmail: 'not-an-address' })).body.description).toBe(PRIVACY_MESSAGES.contactEmail);
    expect((await save(superAdmin, { ...GOOD, contactPhone: 'call me' })).body.description).toBe(PRIVACY_MESSAGES.contactPhone);
    expect((await save(superAdmin, { ...GOOD, contactEmail: '' })).body.description).toBe(PRIVACY_MESSAGES.contactNameNeeded);
    expect((await superAdmin.call(SETTINGS)).body.data.signInRecordsDays).toBe(365);
  });

  it('saves periods and contact with the success message and an audit row; partner staff cannot', async () => {
    const refused = await save(partnerAdmin, GOOD);
    expect(refused.status).toBe(403);
    const res = await save(superAdmin, GOOD);
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.description).toBe(PRIVACY_MESSAGES.updated);
    expect(res.body.data).toMatchObject({
      signInRecordsDays: 180,
      resetLinksDays: 2,
      emailCopiesDays: 60,
      contact: { name: 'Ngozi Adeyemi', email: 'dpo@rivet.ng', phone: '+234 803 555 0199', address: '12 Broad Street\nLagos Island, Lagos' },
      updatedBy: 'Bola Ade',
    });
    const [row] = await app.database.db.select().from(t.privacySettings);
    expect(row).toMatchObject({ signInRecordsDays: 180, contactEmail: 'dpo@rivet.ng', updatedByUserId: superAdmin.userId });
    const audit = await app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Privacy'), eq(t.auditTrail.moduleAction, 'Update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain('signInRecordsDays 365 → 180');

    // The notice is public and shows what was saved.
    const notice = await new Browser(app).call(NOTICE);
    expect(notice.status).toBe(200);
    expect(notice.body.data).toEqual({ signInRecordsDays: 180, resetLinksDays: 2, emailCopiesDays: 60, contact: res.body.data.contact });
  });

  it('exports everything held about the learner, each section, and nothing of another learner; the export is logged', async () => {
    const db = app.database.db;
    const [unilag] = await db.select().from(t.institutions).where(eq(t.institutions.code, 'UNILAG'));
    const course = await insertCourse(db, { institutionId: unilag!.id, title: 'Export Bookkeeping', modules: 1 });
    const [section] = await db.select().from(t.courseSections).innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId)).where(eq(t.courseModules.courseId, course.id));
    const [asset] = await db.select().from(t.courseAssets).where(eq(t.courseAssets.sectionId, section!.course_sections.id));
    const [question] = await db.select().from(t.surveyQuestions).limit(1);
    const ada = await learner('Ada');
    const emeka = await learner('Emeka');
    for (const who of [ada, emeka]) {
      const tag = who === ada ? 'ADA' : 'EMEKA';
      await db.insert(t.enrollments).values({ userId: who.userId, courseId: course.id, source: 'payment', amountPaidKobo: 500_000 });
      await db.insert(t.sectionProgress).values({ userId: who.userId, sectionId: section!.course_sections.id, courseId: course.id, isCompleted: true, secondsWatched: 90 });
      await db.insert(t.quizAttempts).values({ id: crypto.randomUUID(), userId: who.userId, courseId: course.id, assetId: asset!.id, answers: [], correct: 1, total: 1, score: 100, passed: true, clientTime: new Date() });
      await db.insert(t.paymentTransactions).values({ reference: `RVT-EXPORT-${tag}`, userId: who.userId, courseId: course.id, institutionId: unilag!.id, status: 1, provider: 'sandbox', email: who.email, basePriceKobo: 500_000, vatKobo: 0, gatewayChargeKobo: 0, amountKobo: 500_000 });
      await db.insert(t.certificates).values({ id: `RVT-EXP-${tag}`, userId: who.userId, courseId: course.id, institutionId: unilag!.id, learnerName: `${tag} Obi`, courseTitle: course.title, institutionName: 'UNILAG', issuedAt: new Date() });
      const responseId = crypto.randomUUID();
      await db.insert(t.surveyResponses).values({ id: responseId, surveyId: question!.surveyId, courseId: course.id, userId: who.userId });
      await db.insert(t.surveyResponseAnswers).values({ responseId, questionId: question!.id, answer: `${tag} thought it clear` });
    }

    const res = await ada.browser.call(EXPORT);
    expect(res.status, res.body.description).toBe(200);
    const doc = res.body.data;
    expect(doc.format).toBe(DATA_EXPORT_FORMAT);
    expect(doc.profile).toMatchObject({ userId: ada.userId, email: ada.email, firstName: 'Ada', lastName: 'Obi', ageBand: '25-29' });
    expect(doc.profile).not.toHaveProperty('passwordHash');
    expect(doc.enrolments).toEqual([expect.objectContaining({ courseId: course.id, courseTitle: 'Export Bookkeeping', amountPaidKobo: 500_000 })]);
    expect(doc.progress).toEqual([expect.objectContaining({ sectionTitle: 'Lesson 1.1', isCompleted: true, secondsWatched: 90 })]);
    expect(doc.quizAttempts).toEqual([expect.objectContaining({ score: 100, passed: true })]);
    expect(doc.payments).toEqual([expect.objectContaining({ reference: 'RVT-EXPORT-ADA', amountKobo: 500_000 })]);
    expect(doc.certificates).toEqual([expect.objectContaining({ certificateId: 'RVT-EXP-ADA', learnerName: 'ADA Obi' })]);
    expect(doc.surveyAnswers).toEqual([expect.objectContaining({ answer: 'ADA thought it clear', question: question!.question })]);
    expect(doc.signIns.length).toBeGreaterThan(0);
    const text = JSON.stringify(doc);
    expect(text).not.toContain('EMEKA');
    expect(text).not.toContain(emeka.email);
    expect(text).not.toContain(emeka.userId);

    const [logged] = await db.select().from(t.dataRequests).where(eq(t.dataRequests.userId, ada.userId));
    expect(logged).toMatchObject({ kind: 1, status: 1, subject: `p***@demo.ng` });
    expect(logged!.completedAt).not.toBeNull();

    // Staff do not export learners' data through the learner's door.
    expect((await superAdmin.call(EXPORT)).status).toBe(403);
  });

  it('logs an account deletion with a masked address, and lists requests to platform staff only', async () => {
    const gone = await learner('Gone');
    const deleted = await gone.browser.call(`${AUTH}/Account/Student/DeleteAccount`, { json: { password: gone.password } });
    expect(deleted.status, deleted.body.description).toBe(200);
    const rows = await app.database.db.select().from(t.dataRequests).where(eq(t.dataRequests.kind, 2));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, subject: 'p***@demo.ng', status: 1 });
    expect(JSON.stringify(rows)).not.toContain(gone.email);

    const list = await superAdmin.call(`${REQUESTS}?page=1&pageSize=10`);
    expect(list.status).toBe(200);
    expect(list.body.data.items[0]).toMatchObject({ kind: 2, subject: 'p***@demo.ng', status: 1 });
    expect(list.body.data.items.map((r: { kind: number }) => r.kind)).toEqual(expect.arrayContaining([1, 2]));
    expect(list.body.data.totalRows).toBe(list.body.data.items.length);
    expect((await superAdmin.call(`${REQUESTS}?kind=1`)).body.data.items.every((r: { kind: number }) => r.kind === 1)).toBe(true);
    expect((await superAdmin.call(`${REQUESTS}?pageSize=1&page=2`)).body.data.items).toHaveLength(1);

    const partner = await partnerAdmin.call(REQUESTS);
    expect(partner.status).toBe(403);
    expect(partner.body.description).toBe(PRIVACY_MESSAGES.requestsPlatformOnly);
    expect((await report.call(REQUESTS)).status).toBe(403);
  });
});
