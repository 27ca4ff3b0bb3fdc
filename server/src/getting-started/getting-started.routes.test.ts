// Getting started (decision 079) through the real app: an empty partner lacks everything; its admin,
// a signatory, an instructor, settlement details and a formula naming it complete it, each step read
// back from the database; a workflow nobody can clear any more, a bank no longer offered and an
// inactive formula undo their item; who may read whose checklist.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GETTING_STARTED_MESSAGES as M } from '@rivet/shared/api/getting-started';
import * as t from '../db/schema';
import { insertInstitution } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const URL = '/api/Institution/Institution/GettingStarted';
type Json = Record<string, any>;

const done = (body: Json) => Object.fromEntries((body.data.items as { key: string; done: boolean }[]).map((i) => [i.key, i.done]));

async function signatureForm(): Promise<FormData> {
  const bytes = await sharp({ create: { width: 300, height: 90, channels: 4, background: { r: 10, g: 20, b: 120, alpha: 0.6 } } }).png().toBuffer();
  const form = new FormData();
  form.append('signature', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'signature.png');
  return form;
}

describe.each(testDrivers())('getting started on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let partner: { id: number; code: string; fullName: string };
  let other: { id: number; code: string };

  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'start.super', 'SUPER ADMIN', null);
    // Made without a bank, as no form can (Create requires one), to see the settlement item missing too.
    partner = await insertInstitution(app.database.db, { fullName: 'Getting Started Academy', countryCode: 'NG' });
    other = await insertInstitution(app.database.db, { fullName: 'Another Start Academy', countryCode: 'NG' });
  });
  afterAll(() => app?.close());

  const read = (who: Browser, institutionId?: number) => who.call(institutionId ? `${URL}?institutionId=${institutionId}` : URL);

  it('an empty partner lacks every item', async () => {
    const res = await read(superAdmin, partner.id);
    expect(res.status, res.body.description).toBe(200);
    expect(res.body.data).toMatchObject({
      institutionId: partner.id,
      institutionName: 'Getting Started Academy',
      isActive: true,
      publishedCourses: 0,
      complete: false,
      instructors: 0,
      signatories: 0,
      approvers: 0,
      workflows: 0,
      stuckWorkflows: [],
      settlement: false,
      bankName: null,
      revenueFormulas: 0,
      platformName: 'Rivet Learning Platform',
    });
    expect(res.body.data.items).toEqual([
      { key: 'instructor', done: false },
      { key: 'signatory', done: false },
      { key: 'approval', done: false },
      { key: 'settlement', done: false },
      { key: 'revenueFormula', done: false },
    ]);
  });

  it('who may read whose: a partner’s staff their own only; platform staff name the partner', async () => {
    const admin = await signedInStaff(app, 'start.who.admin', 'INSTITUTION ADMIN', partner.code);
    const report = await signedInStaff(app, 'start.who.report', 'INSTITUTION REPORT', partner.code);
    // Their own without naming it, or naming it.
    expect((await read(admin)).body.data.institutionId).toBe(partner.id);
    expect((await read(report, partner.id)).body.data.institutionId).toBe(partner.id);
    // Another partner's is refused.
    expect((await read(admin, other.id)).status).toBe(403);
    // Platform staff must say which partner; the platform's own record and unknown ids are not partners.
    const unnamed = await read(superAdmin);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.description).toBe(M.partnerRequired);
    const [platform] = await app.database.db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true));
    expect((await read(superAdmin, platform!.id)).status).toBe(404);
    expect((await read(superAdmin, 999_999)).status).toBe(404);
    // The admin made above holds approvecourse; the report user does not.
    expect((await read(admin)).body.data.approvers).toBe(1);
    await app.database.db.update(t.users).set({ isActive: false }).where(eq(t.users.id, admin.userId));
    expect((await read(superAdmin, partner.id)).body.data.approvers).toBe(0);
  });

  it('each step completes its item, and the whole list once all are done', async () => {
    const db = app.database.db;
    const admin = await signedInStaff(app, 'start.steps.admin', 'INSTITUTION ADMIN', partner.code);
    // Approval: no workflow, but someone who may approve: the default single approval.
    let data = (await read(admin)).body.data;
    expect(done({ data })).toMatchObject({ approval: true, instructor: false, signatory: false });
    expect(data).toMatchObject({ approvers: 1, workflows: 0 });

    // A signatory through Certificate Settings.
    const signed = await admin.call(`/api/Institution/Certificate/UploadSignatureAndName?${new URLSearchParams({ name: 'Dr. Ada Start', jobTitle: 'Registrar', institutionId: String(partner.id) })}`, { form: await signatureForm() });
    expect(signed.status, signed.body.description).toBe(200);
    // An instructor (Settings › Instructors writes this row; decision 075).
    await db.insert(t.instructors).values({ institutionId: partner.id, name: 'Mrs. Ifeoma Start' });
    // A workflow naming the admin.
    const [category] = await db.select().from(t.courseCategories).limit(1);
    const workflow = await admin.call('/api/Workflow/Workflow/Create', {
      json: { institutionId: partner.id, name: 'Start Review', courseCategoryId: category!.id, workflowLevels: [{ approval: 1, users: [{ userId: admin.userId }] }] },
    });
    expect(workflow.status, workflow.body.description).toBe(200);
    data = (await read(admin)).body.data;
    expect(done({ data })).toEqual({ instructor: true, signatory: true, approval: true, settlement: false, revenueFormula: false });
    expect(data).toMatchObject({ instructors: 1, signatories: 1, workflows: 1, complete: false });

    // Settlement details (Update Partner, platform staff) and a formula naming the partner.
    const [bank] = await db.select().from(t.banks).where(eq(t.banks.isActive, true)).limit(1);
    await db.update(t.institutions).set({ bankId: bank!.id, accountNumber: '0123456789' }).where(eq(t.institutions.id, partner.id));
    const formula = await superAdmin.call('/api/Course/Revenue/Create', {
      json: { name: 'Getting Started Split', revenuePartnerModel: [{ sNo: 1, revenuePatnerType: 0, partnerId: 0, percentage: 30 }, { sNo: 2, revenuePatnerType: 1, partnerId: partner.id, percentage: 70 }] },
    });
    expect(formula.status, formula.body.description).toBe(200);
    data = (await read(admin)).body.data;
    expect(data).toMatchObject({ complete: true, settlement: true, bankName: bank!.name, revenueFormulas: 1 });
    expect(Object.values(done({ data })).every(Boolean)).toBe(true);
    // Platform staff read the same.
    expect((await read(superAdmin, partner.id)).body.data.complete).toBe(true);
  });

  it('a workflow nobody can clear, a bank no longer offered and an inactive formula undo their item', async () => {
    const db = app.database.db;
    const admin = await signedInStaff(app, 'start.undo.admin', 'INSTITUTION ADMIN', partner.code);
    const approver = await signedInStaff(app, 'start.undo.approver', 'INSTITUTION ADMIN', partner.code);
    const [, category] = await db.select().from(t.courseCategories).limit(2);
    const workflow = await admin.call('/api/Workflow/Workflow/Create', {
      json: { institutionId: partner.id, name: 'Two Signers', courseCategoryId: category!.id, workflowLevels: [{ approval: 1, users: [{ userId: approver.userId }] }] },
    });
    expect(workflow.status, workflow.body.description).toBe(200);
    expect((await read(admin)).body.data.complete).toBe(true);

    // The only user of its level leaves: a course of that category would wait for ever.
    await db.update(t.users).set({ isActive: false }).where(eq(t.users.id, approver.userId));
    let data = (await read(admin)).body.data;
    expect(data.stuckWorkflows).toEqual(['Two Signers']);
    expect(done({ data }).approval).toBe(false);
    await db.update(t.users).set({ isActive: true }).where(eq(t.users.id, approver.userId));

    const [partnerRow] = await db.select().from(t.institutions).where(eq(t.institutions.id, partner.id));
    await db.update(t.banks).set({ isActive: false }).where(eq(t.banks.id, partnerRow!.bankId!));
    data = (await read(admin)).body.data;
    expect(data.settlement).toBe(false);
    await db.update(t.banks).set({ isActive: true }).where(eq(t.banks.id, partnerRow!.bankId!));

    await db.update(t.revenueFormulas).set({ isActive: false }).where(eq(t.revenueFormulas.name, 'Getting Started Split'));
    data = (await read(admin)).body.data;
    expect(data.revenueFormulas).toBe(0);
    expect(done({ data })).toEqual({ instructor: true, signatory: true, approval: true, settlement: true, revenueFormula: false });
    await db.update(t.revenueFormulas).set({ isActive: true }).where(eq(t.revenueFormulas.name, 'Getting Started Split'));
    expect((await read(admin)).body.data.complete).toBe(true);
  });
});
