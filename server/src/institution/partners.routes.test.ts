import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '@rivet/shared/api/partners';
import { INSTITUTION_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import * as t from '../db/schema';
import { insertCourse, insertInstitution } from '../testing/catalogue-fixtures';
import { STAFF_PASSWORD, signedInStaff } from '../testing/staff-fixtures';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

const INST = '/api/Institution/Institution';

/** A real picture of the given format, with EXIF metadata the server must strip. */
async function picture(format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png', width = 64, height = 36) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 12, g: 80, b: 160 } } });
  return (await image.withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } }).toFormat(format).toBuffer()) as Buffer;
}

const file = (bytes: Buffer | string, name: string, type = 'image/png') => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

let serial = 0;
function partnerFields(patch: Record<string, string> = {}) {
  const n = ++serial;
  return {
    FullName: `Kaduna Polytechnic ${n}`,
    Name: `KADPOLY${n}`,
    Email: `info${n}@kadpoly.edu.ng`,
    PhoneNumber: '08031234567',
    Website: 'https://kadpoly.edu.ng',
    Address: '1 Tudun Wada, Kaduna',
    Country: 'NG',
    AccountNumber: '0123456789',
    BankId: '8',
    overView: 'A polytechnic in Kaduna.\r\nSecond line.',
    InstitutionType: '1',
    Code: '',
    'UserModel.FirstName': 'Aisha',
    'UserModel.LastName': 'Bello',
    'UserModel.Email': `aisha${n}@kadpoly.edu.ng`,
    'UserModel.PhoneNumber': '08039876543',
    'UserModel.userName': `kadpoly${n}.aisha`,
    'UserModel.Roles': String(INSTITUTION_ADMIN_ROLE_ID),
    ...patch,
  };
}

async function partnerForm(fields: Record<string, string>, images: Partial<Record<'Logo' | 'Thumbnail' | 'Banner' | 'CertificateLogo', File | null>> = {}) {
  const form = new FormData();
  for (const [k, value] of Object.entries(fields)) form.append(k, value);
  const png = await picture();
  for (const name of ['Logo', 'Thumbnail', 'Banner', 'CertificateLogo'] as const) {
    const chosen = name in images ? images[name] : file(png, `${name}.png`);
    if (chosen) form.append(name, chosen);
  }
  return form;
}

describe.each(testDrivers())('Manage Partners on %s', (driver) => {
  let app: TestApp;
  let admin: Browser;
  let unilagAdmin: Browser;
  let unilag: number;
  let lbs: number;
  let platform: number;
  let n = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
    app = await createTestApp(driver, { rateLimits: { signInPerAccount: 100_000 }, log });
    const db = app.database.db;
    const id = async (code: string) => (await db.select().from(t.institutions).where(eq(t.institutions.code, code)))[0]!.id;
    unilag = await id('UNILAG');
    lbs = await id('LBS');
    platform = (await db.select().from(t.institutions).where(eq(t.institutions.isPlatform, true)))[0]!.id;
    admin = await signedInStaff(app, 'partners.super', 'SUPER ADMIN', null);
    unilagAdmin = await signedInStaff(app, 'partners.unilag', 'INSTITUTION ADMIN', 'UNILAG');
  });
  afterAll(() => app?.close());

  const create = async (fields = partnerFields(), images?: Parameters<typeof partnerForm>[1], b = admin) =>
    b.call(`${INST}/Create`, { form: await partnerForm(fields, images) });
  const update = async (fields: Record<string, string>, images?: Parameters<typeof partnerForm>[1]) => {
    const form = new FormData();
    for (const [k, value] of Object.entries(fields)) form.append(k, value);
    for (const [k, f] of Object.entries(images ?? {})) if (f) form.append(k, f);
    return admin.call(`${INST}/Update`, { method: 'PUT', form });
  };
  const toggle = (Id: number, isActive: boolean, b = admin) => b.call(`${INST}/ActivateDeactivate`, { json: { Id, isActive } });
  const signIn = (userName: string, password: string) => new Browser(app, `10.88.0.${++n}`).call(`${AUTH}/Account/Admin/SignIn`, { json: { userName, password } });

  describe('Create', () => {
    it('makes the partner and its INSTITUTION ADMIN, audits it, and e-mails the one-time password to the admin only', async () => {
      const fields = partnerFields();
      const mailsBefore = app.mails.length;
      const res = await create(fields);
      expect(res.status, res.body.description).toBe(200);
      expect(res.body.description).toBe(PARTNER_MESSAGES.created);
      const partner = res.body.data;
      expect(partner).toMatchObject({
        fullName: fields.FullName, name: fields.Name, code: fields.Name, institutionType: 1, email: fields.Email, phoneNumber: '08031234567',
        country: 'NG', countryName: 'Nigeria', bankId: 8, bankName: 'Guaranty Trust Bank', accountNumber: '0123456789', isActive: true,
        overView: 'A polytechnic in Kaduna.\nSecond line.',
      });
      for (const key of ['logoUrl', 'thumbnailUrl', 'bannerUrl', 'certificateLogoUrl']) expect(partner[key]).toMatch(/^\/media\/partners\/[0-9a-f-]{36}\.webp$/);

      // The picture is stored re-encoded, without its metadata, and served publicly.
      const served = await app.fetch(partner.logoUrl);
      expect(served.status).toBe(200);
      const stored = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();

      const db = app.database.db;
      const [user] = await db.select().from(t.users).where(eq(t.users.userName, fields['UserModel.userName']));
      expect(user).toMatchObject({ institutionId: partner.id, roleId: INSTITUTION_ADMIN_ROLE_ID, mustChangePassword: true, email: fields['UserModel.Email'], firstName: 'Aisha' });
      expect(await db.select().from(t.staffProfiles).where(eq(t.staffProfiles.userId, user!.id))).toHaveLength(1);
      const audits = await db.select().from(t.auditTrail).where(eq(t.auditTrail.moduleName, 'Institution'));
      expect(audits.some((a) => a.moduleAction === 'Create' && a.record === String(partner.id))).toBe(true);

      await app.idle();
      const mails = app.mails.slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe(fields['UserModel.Email']);
      const password = /One-time password: (\S+)/.exec(String(mails[0]!.text))![1]!;
      expect(JSON.stringify(res.body)).not.toContain(password);
      const outbox = await db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, fields['UserModel.Email']));
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.text).not.toContain(password);
      expect(JSON.stringify(audits)).not.toContain(password);
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.join('\n')).not.toContain(password);

      // The password opens only Change Password.
      const first = await signIn(fields['UserModel.userName'], password);
      expect(first.status).toBe(200);
      expect(first.body.data.isFirstLogin).toBe(true);
    });

    it('derives the code from the short name when none is given, and takes one that is', async () => {
      const derived = await create(partnerFields({ Name: 'Yaba Tech Hub' }));
      expect(derived.body.data.code).toBe('YABA-TECH-HUB');
      const given = await create(partnerFields({ Code: 'kp-9' }));
      expect(given.body.data.code).toBe('KP-9');
      expect((await create(partnerFields({ Code: 'not a code!' }))).body.description).toBe(PARTNER_MESSAGES.codeInvalid);
    });

    it('needs all four pictures, and only png, jpeg or gif judged by content', async () => {
      // The message names the picture the console shows (issue 30).
      for (const [missing, label] of [['Logo', 'Logo'], ['Thumbnail', 'Thumbnail'], ['Banner', 'Banner'], ['CertificateLogo', 'Certificate Logo']] as const) {
        const res = await create(partnerFields(), { [missing]: null });
        expect(res.status).toBe(400);
        expect(res.body.description).toBe(`${label} cannot be empty`);
      }
      const empty = await create(partnerFields(), { Banner: file('', 'Banner.png') });
      expect(empty.body.description).toBe(PARTNER_MESSAGES.imageMissing('Banner'));

      // A text file named and typed as a PNG, and a real WebP: both refused by what they are.
      const fake = await create(partnerFields(), { Logo: file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.png') });
      expect(fake.status).toBe(400);
      expect(fake.body.description).toBe('Sorry only png, jpg, gif images are accepted');
      const webp = await create(partnerFields(), { Thumbnail: file(await picture('webp'), 'thumb.png') });
      expect(webp.body.description).toBe(PARTNER_MESSAGES.imageType);
      // A JPEG sent with a PNG name and a GIF are fine.
      expect((await create(partnerFields(), { Logo: file(await picture('jpeg'), 'logo.png'), Banner: file(await picture('gif'), 'b.gif', 'image/gif') })).status).toBe(200);
    });

    it('refuses a picture over 2 MB and stores nothing from a refused request', async () => {
      const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 900, height: 900, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
      const fields = partnerFields();
      const res = await create(fields, { CertificateLogo: file(noise, 'big.png') });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(PARTNER_MESSAGES.imageSize);
      expect(await app.database.db.select().from(t.institutions).where(eq(t.institutions.name, fields.Name))).toHaveLength(0);
    });

    it('takes a partner without a website (the field is optional; only a filled one must be a URL)', async () => {
      const res = await create(partnerFields({ Website: '' }));
      expect(res.status).toBe(200);
      expect(res.body.data.website).toBeNull();
    });

    it('gives the spec’s message for each invalid field', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ PhoneNumber: '0803123' }, 'minimum of 11 digits'],
        [{ PhoneNumber: '0803123456x' }, 'Not a valid phone number'],
        [{ Website: 'kadpoly' }, 'Not a valid Url'],
        [{ AccountNumber: '12345' }, 'Not a valid Account Number'],
        [{ AccountNumber: '012345678a' }, 'Not a valid Account Number'],
        [{ Email: 'info@kadpoly' }, 'Not a valid email address'],
        [{ 'UserModel.Email': 'aisha.kadpoly' }, 'Not a valid email address'],
        [{ 'UserModel.PhoneNumber': '0803' }, 'minimum of 11 digits'],
        [{ InstitutionType: '4' }, PARTNER_MESSAGES.type],
        [{ InstitutionType: '' }, PARTNER_MESSAGES.type],
        [{ FullName: ' ' }, PARTNER_MESSAGES.fullName],
        [{ Name: '' }, PARTNER_MESSAGES.name],
        [{ Address: '' }, PARTNER_MESSAGES.address],
        [{ overView: '' }, PARTNER_MESSAGES.overview],
        [{ BankId: '' }, PARTNER_MESSAGES.bank],
        [{ Country: '' }, PARTNER_MESSAGES.country],
        [{ Country: 'ZZ' }, PARTNER_MESSAGES.countryUnknown],
        [{ BankId: '9999' }, PARTNER_MESSAGES.bankUnknown],
        [{ 'UserModel.FirstName': '' }, 'First Name is required'],
        [{ 'UserModel.LastName': '' }, 'Last Name is required'],
        [{ 'UserModel.userName': '' }, 'UserName is required'],
        [{ 'UserModel.Roles': '10' }, PARTNER_MESSAGES.adminRole],
      ];
      for (const [patch, message] of cases) {
        const res = await create(partnerFields(patch));
        expect([res.status, res.body.description], JSON.stringify(patch)).toEqual([400, message]);
      }
    });

    it('refuses a closed bank', async () => {
      const db = app.database.db;
      await db.insert(t.banks).values({ id: 990, name: 'Closed Test Bank', code: '990', isActive: false });
      expect((await create(partnerFields({ BankId: '990' }))).body.description).toBe(PARTNER_MESSAGES.bankUnknown);
    });

    it('keeps names, codes, e-mail addresses and the admin’s account unique (409)', async () => {
      const first = partnerFields();
      expect((await create(first)).status).toBe(200);
      const clash = async (patch: Record<string, string>) => {
        const res = await create(partnerFields(patch));
        return [res.status, res.body.description];
      };
      expect(await clash({ Name: first.Name.toLowerCase(), Code: 'OTHER-1' })).toEqual([409, 'Name already exist']);
      expect(await clash({ Email: first.Email.toUpperCase() })).toEqual([409, 'Email already exist']);
      expect(await clash({ Code: first.Name })).toEqual([409, 'Code already exist']);
      expect(await clash({ 'UserModel.userName': first['UserModel.userName'] })).toEqual([409, PARTNER_MESSAGES.adminUserNameTaken]);
      expect(await clash({ 'UserModel.Email': first['UserModel.Email'] })).toEqual([409, PARTNER_MESSAGES.adminEmailTaken]);
      // The platform's own record counts too.
      expect(await clash({ Name: 'Rivet' })).toEqual([409, 'Name already exist']);
    });

    it('is for staff who manage institutions only', async () => {
      expect((await create(partnerFields(), undefined, unilagAdmin)).status).toBe(403);
    });
  });

  describe('QueryInstitution', () => {
    it('answers taken or not, and nothing more', async () => {
      const q = (query: string) => admin.call(`${INST}/QueryInstitution?${query}`);
      const res = await q('name=unilag&email=nobody@nowhere.ng&code=');
      expect(res.body.data).toEqual({ nameTaken: true, emailTaken: false, codeTaken: false });
      expect((await q('code=lbs')).body.data).toEqual({ nameTaken: false, emailTaken: false, codeTaken: true });
      expect((await q(`name=UNILAG&Id=${unilag}`)).body.data.nameTaken).toBe(false);
      expect((await unilagAdmin.call(`${INST}/QueryInstitution?name=lbs`)).status).toBe(403);
    });
  });

  describe('Partners (the staff list) and GetInstitution', () => {
    let dormant: number;
    beforeAll(async () => {
      dormant = (await insertInstitution(app.database.db, { fullName: 'Dormant Partner College', isActive: false })).id;
    });
    const list = async (query: string, b = admin) => {
      const res = await b.call(`${INST}/Partners${query}`);
      expect(res.status, res.body.description).toBe(200);
      return res.body.data as { items: { id: number; isActive: boolean; phoneNumber: string | null; dateCreated: string; countryName: string | null }[]; totalRows: number };
    };

    it('shows platform staff active and inactive partners, 10 a page, never the platform', async () => {
      const all = await list('?PageSize=1000');
      const ids = all.items.map((i) => i.id);
      expect(ids).toEqual(expect.arrayContaining([unilag, lbs, dormant]));
      expect(ids).not.toContain(platform);
      expect((await list('')).items.length).toBeLessThanOrEqual(10);
      expect((await list('')).totalRows).toBe(all.totalRows);
      expect((await list('?IsActive=false')).items.every((i) => !i.isActive)).toBe(true);
      expect((await list('?Search=dormant')).items.map((i) => i.id)).toEqual([dormant]);
      const unilagRow = all.items.find((i) => i.id === unilag)!;
      expect(unilagRow.countryName).toBe('Nigeria');
      expect(Date.parse(unilagRow.dateCreated)).not.toBeNaN();
    });

    it('shows an institution’s staff their own institution only', async () => {
      for (const query of ['', '?IsActive=false', '?Search=lbs', '?PageSize=1000']) {
        expect((await list(query, unilagAdmin)).items.every((i) => i.id === unilag)).toBe(true);
      }
      expect((await list('', unilagAdmin)).items.map((i) => i.id)).toEqual([unilag]);
      expect((await list('', unilagAdmin)).totalRows).toBe(1);
      expect((await unilagAdmin.call(`${INST}/Partners?Id=${lbs}`)).status).toBe(403);
    });

    it('gives one partner with its bank account, confined to the caller’s institution', async () => {
      const own = await unilagAdmin.call(`${INST}/GetInstitution?Id=${unilag}`);
      expect(own.status).toBe(200);
      expect(own.body.data).toMatchObject({ id: unilag, code: 'UNILAG' });
      expect(own.body.data).toHaveProperty('accountNumber');
      expect((await unilagAdmin.call(`${INST}/GetInstitution?Id=${lbs}`)).status).toBe(403);
      expect((await admin.call(`${INST}/GetInstitution?Id=${lbs}`)).status).toBe(200);
      expect((await admin.call(`${INST}/GetInstitution?Id=${platform}`)).status).toBe(404);
      expect((await admin.call(`${INST}/GetInstitution?Id=999999`)).status).toBe(404);
    });

    it('keeps the learners’ Institution/Search to active partners', async () => {
      const res = await new Browser(app).call(`${INST}/Search?PageSize=1000`);
      expect(res.body.data.items.map((i: { id: number }) => i.id)).not.toContain(dormant);
    });
  });

  describe('Update', () => {
    const basic = (p: Record<string, unknown>, patch: Record<string, string> = {}) => ({
      id: String(p.id), FullName: String(p.fullName), Name: String(p.name), Email: String(p.email), PhoneNumber: String(p.phoneNumber), Website: String(p.website),
      Address: String(p.address), Country: String(p.country), AccountNumber: String(p.accountNumber), BankId: String(p.bankId), overView: String(p.overView), ...patch,
    });

    it('changes the Basic Info, keeps the pictures unless new ones are sent, and audits', async () => {
      const created = (await create()).body.data;
      const res = await update(basic(created, { FullName: 'Kaduna Polytechnic (Renamed)', AccountNumber: '9876543210', BankId: '1' }));
      expect(res.status, res.body.description).toBe(200);
      expect(res.body.description).toBe(PARTNER_MESSAGES.updated);
      expect(res.body.data).toMatchObject({ fullName: 'Kaduna Polytechnic (Renamed)', accountNumber: '9876543210', bankId: 1, logoUrl: created.logoUrl, code: created.code });

      const replaced = await update(basic(created), { Banner: file(await picture('jpeg'), 'banner.jpg', 'image/jpeg') });
      expect(replaced.body.data.bannerUrl).not.toBe(created.bannerUrl);
      expect(replaced.body.data.logoUrl).toBe(created.logoUrl);
      // The replaced file is gone from the data directory.
      expect(existsSync(join(app.dataDir, created.bannerUrl))).toBe(false);
      const wrong = await update(basic(created), { Logo: file('GIF89a-not-really', 'logo.gif', 'image/gif') });
      expect(wrong.body.description).toBe(PARTNER_MESSAGES.imageType);
      const audits = await app.database.db.select().from(t.auditTrail).where(eq(t.auditTrail.record, String(created.id)));
      expect(audits.filter((a) => a.moduleName === 'Institution' && a.moduleAction === 'Update')).toHaveLength(2);
    });

    it('keeps names and e-mail addresses unique, and validates as Create does', async () => {
      const created = (await create()).body.data;
      expect((await update(basic(created, { Name: 'LBS' }))).body.description).toBe('Name already exist');
      expect((await update(basic(created, { Email: (await admin.call(`${INST}/GetInstitution?Id=${lbs}`)).body.data.email }))).body.description).toBe('Email already exist');
      expect((await update(basic(created, { Website: 'not a url' }))).body.description).toBe('Not a valid Url');
      expect((await update(basic(created, { id: String(platform) }))).status).toBe(404);
    });

    it('is refused for an inactive partner', async () => {
      const created = (await create()).body.data;
      await toggle(created.id, false);
      const res = await update(basic(created));
      expect([res.status, res.body.description]).toEqual([400, PARTNER_MESSAGES.inactive]);
    });
  });

  describe('ActivateDeactivate', () => {
    it('takes the partner’s courses out of the catalogue and signs its staff out, and brings both back', async () => {
      const fields = partnerFields();
      const created = (await create(fields)).body.data;
      const db = app.database.db;
      await insertCourse(db, { institutionId: created.id, title: 'Kaduna Visible Course' });
      const staff = await signedInStaff(app, `kad.staff.${created.id}`, 'INSTITUTION REPORT', created.code);
      const catalogue = async () =>
        (await new Browser(app).call('/api/Course/Course/Search?PageSize=200', { json: {} })).body.data.items.map((c: { title: string }) => c.title);
      expect(await catalogue()).toContain('Kaduna Visible Course');

      const off = await toggle(created.id, false);
      expect([off.status, off.body.description, off.body.data.isActive]).toEqual([200, 'Record deactivated', false]);
      expect(await catalogue()).not.toContain('Kaduna Visible Course');
      expect((await signIn(`kad.staff.${created.id}`, STAFF_PASSWORD)).status).toBe(403);
      // The session already open ends: its refresh token was revoked.
      expect((await staff.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'admin' }, token: null })).status).toBe(401);
      const tokens = await db.select().from(t.refreshTokens).where(eq(t.refreshTokens.userId, staff.userId));
      expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);

      const on = await toggle(created.id, true);
      expect([on.status, on.body.description, on.body.data.isActive]).toEqual([200, 'Record Activated', true]);
      expect(await catalogue()).toContain('Kaduna Visible Course');
      expect((await signIn(`kad.staff.${created.id}`, STAFF_PASSWORD)).status).toBe(200);
      const audits = await db.select().from(t.auditTrail).where(eq(t.auditTrail.record, String(created.id)));
      expect(audits.filter((a) => a.moduleAction === 'ActivateDeactivate')).toHaveLength(2);
    });

    it('never touches the platform’s own record, and is for platform staff only', async () => {
      expect((await toggle(platform, false)).status).toBe(404);
      expect((await toggle(unilag, false, unilagAdmin)).status).toBe(403);
    });
  });

  describe('GetAdminUsers', () => {
    it('lists the partner’s staff accounts, confined to the caller’s institution', async () => {
      const fields = partnerFields();
      const created = (await create(fields)).body.data;
      const res = await admin.call(`${AUTH}/Account/Admin/GetAdminUsers?institutionId=${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({ userName: fields['UserModel.userName'], firstName: 'Aisha', lastName: 'Bello', email: fields['UserModel.Email'], isActive: true, roleName: 'INSTITUTION ADMIN' }),
      ]);
      const own = await unilagAdmin.call(`${AUTH}/Account/Admin/GetAdminUsers?institutionId=${unilag}`);
      expect(own.body.data.map((u: { userName: string }) => u.userName)).toContain('partners.unilag');
      expect((await unilagAdmin.call(`${AUTH}/Account/Admin/GetAdminUsers?institutionId=${lbs}`)).status).toBe(403);
      expect((await admin.call(`${AUTH}/Account/Admin/GetAdminUsers?institutionId=${platform}`)).status).toBe(404);
    });
  });
});
