import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_SIGNATURES, SIGNATURE_MESSAGES as M } from '@rivet/shared/api/certificate-settings';
import * as t from '../db/schema';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type Browser, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const CERT = '/api/Institution/Certificate';

async function png(width = 300, height = 90): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 120, alpha: 0.6 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'where-i-live' } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

const signatureForm = (file?: Blob, name = 'signature.png') => {
  const form = new FormData();
  if (file) form.append('signature', file, name);
  return form;
};

describe.each(testDrivers())('certificate settings (signatories) on %s', (driver) => {
  let app: TestApp;
  let superAdmin: Browser;
  let unilagAdmin: Browser;
  let unilagReport: Browser;
  let unilag: number;
  let lbs: number;
  beforeAll(async () => {
    app = await createTestApp(driver);
    superAdmin = await signedInStaff(app, 'signatures.super', 'SUPER ADMIN', null);
    unilagAdmin = await signedInStaff(app, 'signatures.unilag', 'INSTITUTION ADMIN', 'UNILAG');
    unilagReport = await signedInStaff(app, 'signatures.report', 'INSTITUTION REPORT', 'UNILAG');
    const byCode = async (code: string) => (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    unilag = await byCode('UNILAG');
    lbs = await byCode('LBS');
  });
  afterAll(() => app?.close());

  const view = (who: Browser, institutionId: number) => who.call(`${CERT}/ViewSignatureAndName?institutionId=${institutionId}`);
  const upload = (who: Browser, query: Record<string, string>, form: FormData) => who.call(`${CERT}/UploadSignatureAndName?${new URLSearchParams(query)}`, { form });
  const update = (who: Browser, query: Record<string, string>, form: FormData) => who.call(`${CERT}/UpdateSignatureAndName?${new URLSearchParams(query)}`, { method: 'PUT', form });
  const toggle = (who: Browser, id: number, isActive: boolean) => who.call(`${CERT}/ActivateDeactivate?id=${id}&isActive=${isActive}`, { method: 'DELETE' });
  const activeAt = async (institutionId: number) =>
    (await app.database.db.select().from(t.certificateSignatures).where(and(eq(t.certificateSignatures.institutionId, institutionId), eq(t.certificateSignatures.isActive, true)))).length;

  it('lists the partners with their active signatories: every partner for platform staff, their own for a partner’s', async () => {
    const all = await superAdmin.call(`${CERT}/Partners`);
    expect(all.status).toBe(200);
    const codes = all.body.data.items.map((p: { name: string }) => p.name);
    expect(codes.length).toBeGreaterThanOrEqual(3);
    expect(all.body.data.items.some((p: { id: number }) => p.id === lbs)).toBe(true);
    const own = await unilagAdmin.call(`${CERT}/Partners`);
    expect(own.body.data.items.map((p: { id: number }) => p.id)).toEqual([unilag]);
    expect(own.body.data.items[0].activeSignatures).toBe(await activeAt(unilag));
    expect((await superAdmin.call(`${CERT}/Partners?Id=${lbs}`)).body.data.items.map((p: { id: number }) => p.id)).toEqual([lbs]);
    expect((await unilagAdmin.call(`${CERT}/Partners?Id=${lbs}`)).status).toBe(403);
  });

  it('shows a partner’s signatories, active and inactive, to its staff and platform staff only', async () => {
    const mine = await view(unilagAdmin, unilag);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((s: { name: string; isActive: boolean }) => [s.name, s.isActive])).toEqual(
      expect.arrayContaining([
        ['Prof. Adebola Ogunleye', true],
        ['Prof. Emeka Nwachukwu', false],
      ]),
    );
    expect((await view(unilagReport, unilag)).status).toBe(403); // no certificate permission
    expect((await view(unilagAdmin, lbs)).status).toBe(403);
    expect((await view(superAdmin, lbs)).status).toBe(200);
  });

  it('adds a signatory with a re-encoded picture and an audit row; each missing part is named', async () => {
    const query = { name: 'Dr. Tunde Bakare', jobTitle: 'Registrar', institutionId: String(lbs) };
    expect((await upload(superAdmin, query, signatureForm())).body.description).toBe(M.signature);
    expect((await upload(superAdmin, { ...query, name: ' ' }, signatureForm(await png()))).body.description).toBe(M.name);
    expect((await upload(superAdmin, { ...query, jobTitle: '' }, signatureForm(await png()))).body.description).toBe(M.jobTitle);
    const notPicture = await upload(superAdmin, query, signatureForm(new Blob(['%PDF-1.4 not a picture']), 'signature.png'));
    expect(notPicture.body.description).toBe(M.signatureType);
    const tooBig = await upload(superAdmin, query, signatureForm(new Blob([new Uint8Array(1024 * 1024 + 1)]), 'big.png'));
    expect(tooBig.status).toBe(400);

    // LBS has 2 active demo signatories: a third fits.
    const made = await upload(superAdmin, query, signatureForm(await png()));
    expect(made.status).toBe(200);
    expect(made.body.description).toBe(M.created);
    expect(made.body.data).toMatchObject({ institutionId: lbs, name: 'Dr. Tunde Bakare', jobTitle: 'Registrar', isActive: true });
    expect(made.body.data.signatureUrl).toMatch(/^\/media\/signatures\/[0-9a-f-]{36}\.webp$/);
    const picture = await app.fetch(made.body.data.signatureUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    // Re-encoded: the EXIF the upload carried is gone.
    expect(Buffer.from(await picture.arrayBuffer()).includes('where-i-live')).toBe(false);
    const audit = await app.database.db.select().from(t.auditTrail).where(and(eq(t.auditTrail.moduleName, 'Certificate'), eq(t.auditTrail.record, String(made.body.data.id))));
    expect(audit.map((a) => a.moduleAction)).toEqual(['UploadSignatureAndName']);
  });

  it('keeps a partner’s staff to their own partner', async () => {
    const query = { name: 'Intruder', jobTitle: 'Nobody', institutionId: String(lbs) };
    expect((await upload(unilagAdmin, query, signatureForm(await png()))).status).toBe(403);
    const [lbsSignatory] = await app.database.db.select().from(t.certificateSignatures).where(eq(t.certificateSignatures.institutionId, lbs)).limit(1);
    expect((await update(unilagAdmin, { id: String(lbsSignatory!.id), name: 'Changed', jobTitle: 'Changed' }, signatureForm())).status).toBe(403);
    expect((await toggle(unilagAdmin, lbsSignatory!.id, false)).status).toBe(403);
    const [after] = await app.database.db.select().from(t.certificateSignatures).where(eq(t.certificateSignatures.id, lbsSignatory!.id));
    expect(after).toMatchObject({ name: lbsSignatory!.name, isActive: lbsSignatory!.isActive });
  });

  it('updates name and job title, and the picture only when one is sent', async () => {
    const made = (await upload(unilagAdmin, { name: 'Mrs. Bisi Ade', jobTitle: 'Registrar', institutionId: String(unilag) }, signatureForm(await png()))).body.data;
    const renamed = await update(unilagAdmin, { id: String(made.id), name: 'Mrs. Bisi Ade-Cole', jobTitle: 'University Registrar' }, signatureForm());
    expect(renamed.status).toBe(200);
    expect(renamed.body.description).toBe(M.updated);
    expect(renamed.body.data).toMatchObject({ name: 'Mrs. Bisi Ade-Cole', jobTitle: 'University Registrar', signatureUrl: made.signatureUrl });
    const repictured = await update(unilagAdmin, { id: String(made.id), name: 'Mrs. Bisi Ade-Cole', jobTitle: 'University Registrar' }, signatureForm(await png(200, 60)));
    expect(repictured.body.data.signatureUrl).not.toBe(made.signatureUrl);
    // The replaced picture is gone.
    expect((await app.fetch(made.signatureUrl)).status).toBe(404);
    expect((await update(unilagAdmin, { id: '999999', name: 'X', jobTitle: 'Y' }, signatureForm())).status).toBe(404);
  });

  it(`prints at most ${MAX_ACTIVE_SIGNATURES} signatories: a fifth active one is refused, on creation and activation`, async () => {
    const abu = (await app.database.db.select().from(t.institutions).where(eq(t.institutions.code, 'ABU')))[0]!.id;
    while ((await activeAt(abu)) < MAX_ACTIVE_SIGNATURES) {
      expect((await upload(superAdmin, { name: `Signer ${await activeAt(abu)}`, jobTitle: 'Dean', institutionId: String(abu) }, signatureForm(await png()))).status).toBe(200);
    }
    const fifth = await upload(superAdmin, { name: 'One Too Many', jobTitle: 'Dean', institutionId: String(abu) }, signatureForm(await png()));
    expect(fifth.status).toBe(409);
    expect(fifth.body.description).toBe(M.tooManyActive(MAX_ACTIVE_SIGNATURES));

    const list = (await view(superAdmin, abu)).body.data as { id: number; isActive: boolean }[];
    const first = list.find((s) => s.isActive)!;
    const off = await toggle(superAdmin, first.id, false);
    expect(off.body).toMatchObject({ description: M.deactivated, data: { isActive: false } });
    expect((await upload(superAdmin, { name: 'Now It Fits', jobTitle: 'Dean', institutionId: String(abu) }, signatureForm(await png()))).status).toBe(200);
    const on = await toggle(superAdmin, first.id, true);
    expect(on.status).toBe(409);
    expect(await activeAt(abu)).toBe(MAX_ACTIVE_SIGNATURES);
  });
});
