// Who signs a certificate (decision 079), read back from the PDF a learner downloads: a partner
// with no active signatory is signed for by the platform's own signatories, named as the
// platform's, with a line saying so; with none on either side the platform's name is typed on the
// line; the partner's own signatories, once it has some, replace both. Platform staff keep the
// platform's signatories in Certificate Settings; a partner's staff cannot reach them.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { signedInStaff } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const CERT = '/api/Institution/Certificate';

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function signatureForm(): Promise<FormData> {
  const bytes = await sharp({ create: { width: 300, height: 90, channels: 4, background: { r: 10, g: 20, b: 120, alpha: 0.6 } } }).png().toBuffer();
  const form = new FormData();
  form.append('signature', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'signature.png');
  return form;
}

describe.each(testDrivers())('who signs a certificate on %s', (driver) => {
  let app: TestApp;
  let learner: Browser;
  let learnerId: string;
  let superAdmin: Browser;
  let partner: { id: number; code: string };
  let platformId: number;
  let pdfUrl: string;

  const upload = (who: Browser, institutionId: number, name: string, jobTitle: string) =>
    signatureForm().then((form) => who.call(`${CERT}/UploadSignatureAndName?${new URLSearchParams({ name, jobTitle, institutionId: String(institutionId) })}`, { form }));
  const generate = (courseId: number) => learner.call(`${CERT}/GenerateCertificate?courseId=${courseId}&userId=${learnerId}`);

  beforeAll(async () => {
    app = await createTestApp(driver);
    const db = app.database.db;
    learner = new Browser(app);
    const res = await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: DEMO_ACCOUNTS.learner.email, password: DEMO_ACCOUNTS.learner.password } });
    expect(res.status).toBe(200);
    learnerId = res.body.data.userId;
    superAdmin = await signedInStaff(app, 'signing.super', 'SUPER ADMIN', null);
    partner = await insertInstitution(db, { fullName: 'Unsigned Academy', countryCode: 'NG' });
    platformId = (await db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true)))[0]!.id;
    const course = await insertCourse(db, { institutionId: partner.id, title: 'Signing Matters' });
    await db.insert(t.enrollments).values({ userId: learnerId, courseId: course.id, source: 'free', completedAt: app.clock.now() });
    const issued = await generate(course.id);
    expect(issued.status, issued.body.description).toBe(200);
    // Nobody signs yet: the learner still gets the certificate, with the platform's name typed on the line.
    expect(issued.body.data.signatories).toEqual([{ name: 'Rivet Learning Platform', jobTitle: 'Issuing platform', signatureUrl: null }]);
    pdfUrl = issued.body.data.certificateUrl;
  });
  afterAll(() => app?.close());

  it('with no signatory on either side, types the platform’s name and says on whose behalf it issued', async () => {
    const res = await app.fetch(pdfUrl);
    expect(res.status).toBe(200);
    const text = await pdfText(res);
    for (const expected of ['offered by Unsigned Academy', 'Rivet', 'Rivet Learning Platform', 'Issuing platform', 'Issued by Rivet Learning Platform on behalf of Unsigned Academy']) expect(text).toContain(expected);
  });

  it('platform staff keep the platform’s own signatories in Certificate Settings; a partner’s staff cannot', async () => {
    const list = (await superAdmin.call(`${CERT}/Partners`)).body.data.items;
    expect(list[0]).toMatchObject({ id: platformId, isPlatform: true, fullName: 'Rivet Learning Platform', activeSignatures: 0 });
    expect(list.slice(1).every((p: { isPlatform: boolean }) => !p.isPlatform)).toBe(true);

    const partnerAdmin = await signedInStaff(app, 'signing.partner.admin', 'INSTITUTION ADMIN', partner.code);
    expect((await upload(partnerAdmin, platformId, 'Not Allowed', 'Registrar')).status).toBe(403);
    expect((await partnerAdmin.call(`${CERT}/ViewSignatureAndName?institutionId=${platformId}`)).status).toBe(403);
    expect((await partnerAdmin.call(`${CERT}/Partners`)).body.data.items.map((p: { id: number }) => p.id)).toEqual([partner.id]);

    const added = await upload(superAdmin, platformId, 'Mrs. Platform Signer', 'Head of Learning');
    expect(added.status, added.body.description).toBe(200);
    expect((await superAdmin.call(`${CERT}/Partners?Id=${platformId}`)).body.data.items[0].activeSignatures).toBe(1);
  });

  it('a partner with none is signed for by the platform’s signatories, named as the platform’s', async () => {
    const text = await pdfText(await app.fetch(pdfUrl));
    for (const expected of ['Mrs. Platform Signer', 'Head of Learning, Rivet Learning Platform', 'Signed by Rivet Learning Platform on behalf of Unsigned Academy']) expect(text).toContain(expected);
    expect(text).not.toContain('Issuing platform');
  });

  it('the partner’s own signatories replace the platform’s, all four it may have active', async () => {
    for (const n of [1, 2, 3, 4]) expect((await upload(superAdmin, partner.id, `Dr. Partner Signer ${n}`, `Dean ${n}`)).status).toBe(200);
    const text = await pdfText(await app.fetch(pdfUrl));
    for (const n of [1, 2, 3, 4]) expect(text).toContain(`Dr. Partner Signer ${n}`);
    expect(text).not.toContain('Platform Signer');
    expect(text).not.toContain('on behalf of');
  });
});
