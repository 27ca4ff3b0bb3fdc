import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES } from '@rivet/shared/api/profile';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import * as t from '../db/schema';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';
import { deletedIdentifier } from './authentication.service';

const { learner, superAdmin } = DEMO_ACCOUNTS;
const PROFILE = `${AUTH}/Account/Student/UpdateStudentProfile`;
const SOCIAL = `${AUTH}/Account/Student/UpdateStudentSocial`;
const DELETE = `${AUTH}/Account/Student/DeleteAccount`;
const SIGN_IN = `${AUTH}/Account/Student/SignIn`;

type Fields = Record<string, string | Blob>;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 46, b: 111 } } })
    .png()
    .toBuffer();

describe.each(testDrivers())('learner profile on %s', (driver) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(driver);
  });
  afterAll(() => app?.close());

  async function signIn(userName = learner.email, password = learner.password, ip = '10.9.0.1') {
    const browser = new Browser(app, ip);
    const res = await browser.call(SIGN_IN, { json: { userName, password } });
    expect(res.status).toBe(200);
    return { browser, session: res.body.data };
  }

  /** A multipart call, as the apps send the spec's profile updates. */
  async function sendForm(path: string, token: string | null, fields: Fields) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const res = await app.fetch(path, { method: 'PUT', body: form, headers });
    return { status: res.status, body: (await res.json()) as { success: boolean; description: string; data: any; errors?: { field: string; message: string }[] } };
  }

  const profileOf = async (userId: string) =>
    (await app.database.db.select().from(t.studentProfiles).where(eq(t.studentProfiles.userId, userId)))[0]!;
  const userOf = async (userId: string) => (await app.database.db.select().from(t.users).where(eq(t.users.id, userId)))[0]!;

  async function registerLearner(email: string, password = 'Okra#Soup2026') {
    const res = await new Browser(app, '10.9.9.9').call(`${AUTH}/Account/Student/Register`, {
      json: { firstName: 'Temp', lastName: 'Learner', email, password, age: '20-24', country: 'NG' },
    });
    expect(res.status).toBe(200);
    return signIn(email, password, '10.9.9.10');
  }

  describe('general details', () => {
    it('updates names, phone, organization, job title, country and age, and answers the profile', async () => {
      const { session } = await signIn();
      const res = await sendForm(PROFILE, session.accessToken, {
        Id: session.userId,
        ProfileId: String(session.studentProfileId),
        'UpdateProfiles.FirstName': 'Chiamaka',
        'UpdateProfiles.LastName': 'Eze-Okafor',
        'UpdateProfiles.PhoneNumber': '08031234567',
        'UpdateProfiles.Organization': 'Lagos Traders Co-op',
        'UpdateProfiles.JobTitle': 'Sales Lead',
        Country: 'gh',
        Age: '30-34',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, description: 'Profile updated successfully' });
      expect(res.body.data).toMatchObject({
        userId: session.userId,
        firstName: 'Chiamaka',
        lastName: 'Eze-Okafor',
        phoneNumber: '08031234567',
        organization: 'Lagos Traders Co-op',
        jobTitle: 'Sales Lead',
        country: 'GH',
        countryName: 'Ghana',
        age: '30-34',
        email: learner.email,
      });
      const read = await new Browser(app).call(`${AUTH}/Account/Student/GetStudentByUserId?userId=${session.userId}`, { token: session.accessToken });
      expect(read.body.data).toEqual(res.body.data);
      expect(await userOf(session.userId)).toMatchObject({ firstName: 'Chiamaka', lastName: 'Eze-Okafor', phoneNumber: '08031234567' });
    });

    it('leaves out fields that are not sent, and clears a field sent empty', async () => {
      const { session } = await signIn();
      const res = await sendForm(PROFILE, session.accessToken, { Id: session.userId, 'UpdateProfiles.Organization': '' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ organization: null, jobTitle: 'Sales Lead', firstName: 'Chiamaka', country: 'GH' });
    });

    it.each([
      [{ 'UpdateProfiles.FirstName': 'Chi4' }, 'Only alphabets please'],
      [{ 'UpdateProfiles.FirstName': '' }, 'Please input your Firstname!'],
      [{ 'UpdateProfiles.LastName': 'Eze 2' }, 'Only alphabets please'],
      [{ 'UpdateProfiles.JobTitle': 'Engineer #1' }, 'Only alphabets and spaces please'],
      [{ 'UpdateProfiles.PhoneNumber': '0803-ABC' }, 'Please enter numbers only (7 to 15 digits)'],
      [{ 'UpdateProfiles.PhoneNumber': '123' }, 'Please enter numbers only (7 to 15 digits)'],
      [{ Age: '30-35' }, 'Please select your age'],
      [{ Country: 'N1' }, 'Only alphabets please'],
      [{ Country: 'XX' }, 'Please select a country'],
    ])('refuses %j with "%s"', async (patch, message) => {
      const { session } = await signIn();
      const res = await sendForm(PROFILE, session.accessToken, { Id: session.userId, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(message);
      expect((await userOf(session.userId)).firstName).toBe('Chiamaka');
    });

    it('refuses someone else’s Id or profile id with 403, and anonymous calls with 401', async () => {
      const { session } = await signIn();
      const [other] = await app.database.db.select().from(t.users).where(eq(t.users.email, 'amaka.obi@learners.demo.ng'));
      const otherProfile = await profileOf(other!.id);
      const theirs = await sendForm(PROFILE, session.accessToken, { Id: other!.id, 'UpdateProfiles.FirstName': 'Hacked' });
      expect(theirs.status).toBe(403);
      const theirProfile = await sendForm(PROFILE, session.accessToken, { Id: session.userId, ProfileId: String(otherProfile.id), 'UpdateProfiles.FirstName': 'Hacked' });
      expect(theirProfile.status).toBe(403);
      const social = await sendForm(SOCIAL, session.accessToken, { Id: other!.id, Twitter: 'https://x.com/hacked' });
      expect(social.status).toBe(403);
      expect((await userOf(other!.id)).firstName).toBe('Amaka');
      expect((await sendForm(PROFILE, null, { Id: session.userId, 'UpdateProfiles.FirstName': 'Anon' })).status).toBe(401);
    });

    it('refuses a JSON body: the call is multipart', async () => {
      const { session } = await signIn();
      const res = await app.fetch(PROFILE, { method: 'PUT', json: { Id: session.userId }, headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(res.status).toBe(400);
    });
  });

  describe('picture', () => {
    const pictureField = 'UpdateProfiles.ProfilePix';

    it('accepts a PNG, stores it re-encoded as a 400×400 WebP without metadata, and replaces the previous one', async () => {
      const { session } = await signIn();
      const photo = await sharp(await png(900, 600))
        .withMetadata({ exif: { IFD0: { Copyright: 'Somebody', ImageDescription: 'At home in Yaba' } } })
        .png()
        .toBuffer();
      const first = await sendForm(PROFILE, session.accessToken, { Id: session.userId, [pictureField]: new File([photo], 'me.png', { type: 'image/png' }) });
      expect(first.status).toBe(200);
      const url: string = first.body.data.profilePixUrl;
      expect(url).toMatch(/^\/media\/profiles\/[0-9a-f-]{36}\.webp$/);
      const served = await app.fetch(url);
      expect(served.status).toBe(200);
      const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 400, height: 400 });
      expect(stored.exif).toBeUndefined();
      expect((await profileOf(session.userId)).profilePixUrl).toBe(url);

      // The session knows the picture at the next sign-in or refresh.
      expect((await signIn()).session.profilePix).toBe(url);

      const jpeg = await sharp(await png(300, 500)).jpeg().toBuffer();
      const second = await sendForm(PROFILE, session.accessToken, { Id: session.userId, [pictureField]: new File([jpeg], 'me.jpg', { type: 'image/jpeg' }) });
      expect(second.status).toBe(200);
      expect(second.body.data.profilePixUrl).not.toBe(url);
      expect((await app.fetch(url)).status).toBe(404);
      expect((await app.fetch(second.body.data.profilePixUrl)).status).toBe(200);
    });

    it('ignores an empty file part (no new picture chosen)', async () => {
      const { session } = await signIn();
      const before = (await profileOf(session.userId)).profilePixUrl;
      const res = await sendForm(PROFILE, session.accessToken, { Id: session.userId, [pictureField]: new File([], '', { type: 'application/octet-stream' }) });
      expect(res.status).toBe(200);
      expect(res.body.data.profilePixUrl).toBe(before);
    });

    it('refuses a file that is not a picture, whatever its name and declared type', async () => {
      const { session } = await signIn();
      const before = await profileOf(session.userId);
      const text = new File(['<html><script>alert(1)</script></html>'], 'cat.png', { type: 'image/png' });
      const res = await sendForm(PROFILE, session.accessToken, { Id: session.userId, 'UpdateProfiles.FirstName': 'Renamed', [pictureField]: text });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(PROFILE_PICTURE_MESSAGES.type);
      expect(res.body.errors).toEqual([{ field: pictureField, message: PROFILE_PICTURE_MESSAGES.type }]);
      // Nothing else was saved either.
      expect(await profileOf(session.userId)).toEqual(before);
      expect((await userOf(session.userId)).firstName).toBe('Chiamaka');
    });

    it('refuses image types outside png, jpeg, gif and webp (an SVG)', async () => {
      const { session } = await signIn();
      const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'], 'me.png', { type: 'image/png' });
      const res = await sendForm(PROFILE, session.accessToken, { Id: session.userId, [pictureField]: svg });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(PROFILE_PICTURE_MESSAGES.type);
    });

    it('refuses a picture over 2 MB', async () => {
      const { session } = await signIn();
      const head = await png(10, 10);
      const big = new Uint8Array(PROFILE_PICTURE_MAX_BYTES + 1);
      big.set(head);
      const res = await sendForm(PROFILE, session.accessToken, { Id: session.userId, [pictureField]: new File([big], 'big.png', { type: 'image/png' }) });
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(PROFILE_PICTURE_MESSAGES.size);
    });
  });

  describe('social links', () => {
    it('stores http(s) links and clears one sent empty', async () => {
      const { session } = await signIn();
      const res = await sendForm(SOCIAL, session.accessToken, {
        Id: session.userId,
        ProfileId: String(session.studentProfileId),
        Twitter: 'https://x.com/chioma',
        YouTube: 'https://youtube.com/@chioma',
        FaceBook: 'https://facebook.com/chioma',
        LinkedIn: 'https://www.linkedin.com/in/chioma',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, description: 'Social links updated successfully' });
      expect(res.body.data).toMatchObject({
        twitter: 'https://x.com/chioma',
        youtube: 'https://youtube.com/@chioma',
        facebook: 'https://facebook.com/chioma',
        linkedin: 'https://www.linkedin.com/in/chioma',
      });
      const cleared = await sendForm(SOCIAL, session.accessToken, { Id: session.userId, YouTube: '' });
      expect(cleared.body.data).toMatchObject({ youtube: null, twitter: 'https://x.com/chioma' });
    });

    it.each(['Twitter', 'YouTube', 'FaceBook', 'LinkedIn'])('refuses an invalid %s link with "Invalid url"', async (field) => {
      const { session } = await signIn();
      for (const bad of ['chioma', 'javascript:alert(1)', 'ftp://files.example.ng/me']) {
        const res = await sendForm(SOCIAL, session.accessToken, { Id: session.userId, [field]: bad });
        expect(res.status).toBe(400);
        expect(res.body.description).toBe('Invalid url');
      }
    });
  });

  describe('account deletion', () => {
    it('is refused to staff', async () => {
      const admin = new Browser(app, '10.9.1.1');
      await admin.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: superAdmin.userName, password: superAdmin.password } });
      const res = await admin.call(DELETE, { json: { password: superAdmin.password } });
      expect(res.status).toBe(403);
      expect((await app.database.db.select().from(t.users).where(eq(t.users.userName, superAdmin.userName))).length).toBe(1);
    });

    it('asks for the password, refuses a wrong one and counts wrong ones like failed sign-ins', async () => {
      const { browser, session } = await registerLearner('guesser@demo.ng');
      const missing = await browser.call(DELETE, { json: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.description).toBe('Enter your password to confirm');
      const wrong = await browser.call(DELETE, { json: { password: 'Not#MyPassword1' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.description).toBe('The password is not correct');
      expect(wrong.body.errors).toEqual([{ field: 'password', message: 'The password is not correct' }]);
      expect((await userOf(session.userId)).deletedAt).toBeNull();
      for (let i = 0; i < 4; i++) await browser.call(DELETE, { json: { password: 'Not#MyPassword1' } });
      const limited = await browser.call(DELETE, { json: { password: 'Okra#Soup2026' } });
      expect(limited.status).toBe(429);
    });

    it('anonymises the learner, keeps enrolments, withdraws certificates, ends every session and frees the e-mail', async () => {
      const db = app.database.db;
      const { browser, session } = await signIn(learner.email, learner.password, '10.9.2.1');
      const other = await signIn(learner.email, learner.password, '10.9.2.2');
      const userId: string = session.userId;
      await sendForm(SOCIAL, session.accessToken, { Id: userId, Twitter: 'https://x.com/chioma' });
      const picture = (await profileOf(userId)).profilePixUrl!;
      expect((await app.fetch(picture)).status).toBe(200);
      const enrolmentsBefore = await db.select().from(t.enrollments).where(eq(t.enrollments.userId, userId));
      expect(enrolmentsBefore.length).toBeGreaterThan(0);
      const course = enrolmentsBefore[0]!.courseId;
      const [courseRow] = await db.select().from(t.courses).where(eq(t.courses.id, course));
      await db.insert(t.certificates).values({
        id: 'CERT-DELETE-1',
        userId,
        courseId: course,
        institutionId: courseRow!.institutionId,
        learnerName: 'Chiamaka Eze-Okafor',
        courseTitle: courseRow!.title,
        institutionName: 'Partner',
        issuedAt: app.clock.now(),
      });
      await db.insert(t.emailOutbox).values({ recipient: learner.email, subject: 'Welcome', text: 'Hello Chiamaka', status: 'queued' });

      const res = await browser.call(DELETE, { json: { password: learner.password } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, description: 'Your account has been deleted', data: { deleted: true } });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('rivet_rt_learner=;') || /rivet_rt_learner=.*max-age=0/i.test(c))).toBe(true);

      const user = await userOf(userId);
      expect(user).toMatchObject({
        firstName: 'Deleted',
        lastName: 'learner',
        middleName: '',
        userName: deletedIdentifier(userId),
        email: deletedIdentifier(userId),
        phoneNumber: null,
        isActive: false,
      });
      expect(user.deletedAt).toEqual(app.clock.now());
      expect(user.passwordHash.startsWith('$argon2')).toBe(false);
      expect(await profileOf(userId)).toMatchObject({
        age: null,
        countryCode: null,
        organization: null,
        jobTitle: null,
        profilePixUrl: null,
        facebook: null,
        twitter: null,
        youtube: null,
        linkedin: null,
      });
      expect((await app.fetch(picture)).status).toBe(404);
      const [certificate] = await db.select().from(t.certificates).where(eq(t.certificates.id, 'CERT-DELETE-1'));
      expect(certificate).toMatchObject({ learnerName: null, userId });
      expect(certificate!.withdrawnAt).toEqual(app.clock.now());
      expect(await db.select().from(t.emailOutbox).where(eq(t.emailOutbox.recipient, learner.email))).toEqual([]);

      // Financial and study records stay, attached to the anonymous row.
      expect(await db.select().from(t.enrollments).where(eq(t.enrollments.userId, userId))).toEqual(enrolmentsBefore);

      // Every session is over: refresh tokens are revoked, this browser's cookie is gone.
      const live = await db.select().from(t.refreshTokens).where(and(eq(t.refreshTokens.userId, userId)));
      expect(live.every((row) => row.revokedAt !== null)).toBe(true);
      expect(browser.cookies.has('rivet_rt_learner')).toBe(false);
      expect((await other.browser.call(`${AUTH}/Account/RefreshToken`, { json: { app: 'learner' } })).status).toBe(401);

      // The old token is refused from the deletion on (decision 084): it can neither change the
      // anonymous row nor delete it twice.
      expect((await sendForm(PROFILE, session.accessToken, { Id: userId, 'UpdateProfiles.FirstName': 'Back' })).status).toBe(401);
      expect((await browser.call(DELETE, { json: { password: learner.password } })).status).toBe(401);

      // Signing in with the old e-mail fails like any unknown account, and the address can register again.
      const unknown = await new Browser(app, '10.9.2.3').call(SIGN_IN, { json: { userName: 'nobody-here@demo.ng', password: learner.password } });
      const again = await new Browser(app, '10.9.2.3').call(SIGN_IN, { json: { userName: learner.email, password: learner.password } });
      expect(again.status).toBe(401);
      expect(again.body.description).toBe(unknown.body.description);
      const registered = await registerLearner(learner.email, 'Fresh#Start2027');
      expect(registered.session.userId).not.toBe(userId);
      expect(registered.session.firstName).toBe('Temp');
    });
  });
});
