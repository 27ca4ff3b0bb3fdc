// Every declared endpoint, fed values outside its contract in every field (path, query and body,
// nested ones too) through the real app: ids past 2³¹−1, negative ids, huge lists, NUL and other
// control characters, non-UUIDs, 10 KB strings. Each must be refused with a 4xx envelope that
// carries a message; none may reach the database and come back as a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, type Endpoint } from '@rivet/shared/api/contract';
import { INSTITUTION_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { asc, eq } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '../db/seed/seed';
import { insertInstitution } from '../testing/catalogue-fixtures';
import * as t from '../db/schema';
import { AUTH, Browser, createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Caller = 'learner' | 'staff' | 'anonymous';

/** A request each endpoint accepts (or refuses only for reasons past validation), to spoil one field at a time. */
interface Baseline {
  as: Caller;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, Json>;
}

type Kind = 'id' | 'uuid' | 'text' | 'other';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a field holds, judged from its good value: whether a numeric or UUID-shaped string is hostile to it. */
function kindOf(value: Json, asText: boolean): Kind {
  if (typeof value === 'number') return 'id';
  if (typeof value !== 'string') return 'other';
  if (UUID.test(value)) return 'uuid';
  if (asText && /^\d+$/.test(value)) return 'id';
  return 'text';
}

interface Hostile {
  name: string;
  json?: Json;
  /** The same value in a query string or path segment; absent when it cannot be sent there. */
  text?: string;
  /** Whether a field of this kind must refuse it (JSON type mismatches are always refused). */
  refusedBy: (kind: Kind, transport: 'json' | 'text') => boolean;
}

const always = () => true;
const unlessText = (kind: Kind, transport: 'json' | 'text') => transport === 'json' || kind !== 'text';

const HOSTILE: Hostile[] = [
  { name: '2^31', json: 2 ** 31, text: String(2 ** 31), refusedBy: unlessText },
  { name: '2^53 + 2', json: 2 ** 53 + 2, text: '9007199254740994', refusedBy: unlessText },
  { name: '-1', json: -1, text: '-1', refusedBy: unlessText },
  { name: 'a non-UUID', json: 'not-a-uuid', text: 'not-a-uuid', refusedBy: (kind, transport) => kind === 'uuid' || kind === 'id' || (transport === 'json' && kind === 'other') },
  { name: '100,000 ids', json: Array.from({ length: 100_000 }, () => 1), refusedBy: always },
  { name: 'a NUL byte', json: 'Ada\u0000Obi', text: 'Ada\u0000Obi', refusedBy: always },
  { name: 'control characters', json: 'Ada\u0007\u001b[2JObi', text: 'Ada\u0007\u001b[2JObi', refusedBy: always },
  { name: '10 KB of text', json: 'x'.repeat(10 * 1024), text: 'x'.repeat(10 * 1024), refusedBy: always },
  { name: 'an object', json: { $gt: '' }, refusedBy: always },
];

/** Fields accepted for compatibility and ignored: they may take anything, but never cause a 500. */
const IGNORED = new Set(['Authentication/Account/Student/Register body.roles', 'Authentication/Account/Student/Register body.id']);

/** Fields of digits that are text, not ids: a 10-digit NUBAN such as 2147483648 is a good account number. */
const DIGIT_TEXT = new Set(['Institution/Institution/Update body.AccountNumber', 'Institution/Institution/Create body.AccountNumber']);

/** Every path into a JSON value (objects and arrays included), with the value found there. */
function nodes(value: Json, at: (string | number)[] = []): { at: (string | number)[]; value: Json }[] {
  const here = at.length ? [{ at, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => nodes(item, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, item]) => nodes(item, [...at, k]))];
  return here;
}

function replaced(value: Json, at: (string | number)[], by: Json): Json {
  if (!at.length) return by;
  const [head, ...rest] = at;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

describe.each(testDrivers())('hostile input on %s', (driver) => {
  let app: TestApp;
  const callers = {} as Record<Exclude<Caller, 'anonymous'>, Browser>;
  const baselines = new Map<Endpoint, Baseline>();

  beforeAll(async () => {
    app = await createTestApp(driver, { rateLimits: { signInPerAccount: 100_000 } });
    const learner = new Browser(app);
    const { learner: demoLearner, superAdmin } = DEMO_ACCOUNTS;
    const session = (await learner.call(`${AUTH}/Account/Student/SignIn`, { json: { userName: demoLearner.email, password: demoLearner.password } })).body.data;
    const staff = new Browser(app);
    const staffSession = (await staff.call(`${AUTH}/Account/Admin/SignIn`, { json: { userName: superAdmin.userName, password: superAdmin.password } })).body.data;
    Object.assign(callers, { learner, staff });
    const userId: string = session.userId;

    // Real ids from the demo catalogue, so a spoiled field is the only thing wrong with a request.
    const enrolled = (await learner.call(`/api/Course/Course/Enrolled/${userId}`)).body.data[0];
    const courseId = String(enrolled.courseId);
    const content = (await learner.call(`/api/Course/Course/Enrolled/Details/${userId}/${courseId}`)).body.data;
    const module = content.videos[0];
    const section = module.items[0];
    const quizSection = content.videos.flatMap((m: any) => m.items.map((s: any) => ({ m, s }))).find(({ s }: any) => s.courseModuleItemAssets.some((a: any) => a.assetType === 'quiz'));
    const quizAsset = quizSection.s.courseModuleItemAssets.find((a: any) => a.assetType === 'quiz');
    const catalogue = (await learner.call('/api/Course/Course/Search?PageSize=200', { json: {} })).body.data.items;
    const free = catalogue.find((c: any) => !c.isPaid);
    const paid = catalogue.find((c: any) => c.isPaid);
    const now = app.clock.now().toISOString();
    const progress = { eventId: randomUUID(), courseId: enrolled.courseId, currentModule: module.courseModuleId, currentSection: section.courseModuleItemId, secondsWatched: 10, isCompleted: false, lastDateVisted: now };
    const payment = { referenceNo: 'RVT-NONE', courseId: paid.courseId, userId, email: demoLearner.email, amount: 1, paymentChannel: 1, discountCode: 'WELCOME10' };
    const strong = 'Fresh#Pass2026';
    const partnerId = String((await insertInstitution(app.database.db, { fullName: 'Hostile Input College', bankId: 8, accountNumber: '0123456789', countryCode: 'NG' })).id);
    const partnerBasics = {
      FullName: 'Hostile Input College', Name: 'HIC', Email: 'info@hic.ng', PhoneNumber: '08031234567', Website: 'https://hic.ng', Address: '1 Marina, Lagos',
      Country: 'NG', AccountNumber: '0123456789', BankId: '8', overView: 'A college for the hostile-input test.',
    };
    // A demo draft (it has its images) and one of its partner's instructors, for the authoring calls.
    const db = app.database.db;
    const [demoDraft] = await db.select().from(t.courses).where(eq(t.courses.draft, true)).orderBy(asc(t.courses.id)).limit(1);
    const [draftInstructor] = await db.select().from(t.instructors).where(eq(t.instructors.institutionId, demoDraft!.institutionId)).limit(1);

    // Every report takes these (shared/api/reports.ts reportQueryEntries).
    const reportQuery = { Search: 'data', Page: '1', PageSize: '10', StartDate: '2026-01-01', EndDate: '2026-12-31', Export: 'false', Download: 'false' };
    const all: Record<string, Baseline> = {
      'POST Authentication/Account/Admin/SignIn': { as: 'anonymous', body: { userName: 'nobody.here', password: 'Wrong#Pass2026' } },
      'POST Authentication/Account/Student/SignIn': { as: 'anonymous', body: { userName: 'nobody@example.ng', password: 'Wrong#Pass2026' } },
      'POST Authentication/Account/User/ChangePassword': { as: 'learner', body: { userName: demoLearner.email, oldPassword: 'Wrong#Pass2026', password: strong } },
      'POST Authentication/Account/User/ForgotPassword': { as: 'anonymous', body: { userName: 'nobody@example.ng', student: true } },
      'GET Authentication/Account/Admin/GetAdminByUserId': { as: 'staff', query: { userId: staffSession.userId } },
      'GET Authentication/Account/Student/GetStudentByUserId': { as: 'staff', query: { userId } },
      'PUT Authentication/Account/Admin/UpdateAdminUser': {
        as: 'staff',
        body: {
          Id: String(staffSession.staffProfileId), ProfileId: String(staffSession.staffProfileId), CurrentUserId: staffSession.userId, UserId: staffSession.userId,
          FirstName: 'Ada', LastName: 'Obi', Email: staffSession.email, PhoneNumber: '08031234567', Address1: '1 Marina, Lagos', Address2: 'Floor 2',
          Headline: 'Platform lead', Biography: 'Runs the platform.', Website: 'https://rivet.ng', Twitter: 'https://x.com/rivet', YouTube: 'https://youtube.com/@rivet', FaceBook: 'https://facebook.com/rivet', LinkedIn: 'https://linkedin.com/in/rivet',
        },
      },
      'GET Authentication/RolePermissionManager/SearchRoleDetails': { as: 'staff', query: { pageNumber: '1', pageSize: '10', search: 'admin' } },
      'GET Authentication/RolePermissionManager/GetRoleDetails': { as: 'staff', query: { roleId: String(INSTITUTION_ADMIN_ROLE_ID) } },
      // Only spoiled copies are sent: the good request would update INSTITUTION ADMIN to itself.
      'POST Authentication/RolePermissionManager/CreateRoleandPermission': { as: 'staff', body: { roleId: INSTITUTION_ADMIN_ROLE_ID, roleType: 1, name: 'Hostile Check Role', permissionId: [1, 2] } },
      'DELETE Authentication/RolePermissionManager/ActivateDeactivateRole': { as: 'staff', query: { roleId: String(INSTITUTION_ADMIN_ROLE_ID), isActive: 'true' } },
      'GET Institution/Partner/Banks': { as: 'staff', query: { id: '8' } },
      'GET Institution/Partner/Search': { as: 'staff', query: { search: 'rivet', id: '0', page: '1', pageSize: '50' } },
      // Past validation each of these meets a bank or party that does not exist, so no spoiled copy
      // that happens to be valid (a 10-digit number is an account number) changes the demo rows.
      'POST Institution/Partner/Create': { as: 'staff', body: { name: 'Hostile Check Platform', bankId: 999_999, account: '0123456789' } },
      'PUT Institution/Partner/Update': { as: 'staff', query: { id: '999999', bankId: '8', accountno: '0123456789' } },
      'DELETE Institution/Partner/ActivateDeactivate': { as: 'staff', query: { id: '999999', isActive: 'true' } },
      // Privacy & Settings (decision 090): the periods at their bounds' insides, a full contact.
      'PUT Configuration/Privacy/Settings': {
        as: 'staff',
        body: { signInRecordsDays: 365, resetLinksDays: 1, emailCopiesDays: 90, contactName: 'Hostile Check', contactEmail: 'dpo@hostile.ng', contactPhone: '+234 803 555 0100', contactAddress: '1 Marina\nLagos' },
      },
      'GET Configuration/Privacy/DataRequests': { as: 'staff', query: { kind: '1', page: '1', pageSize: '10' } },
      'GET Authentication/RolePermissionManager/GetAllRoles': { as: 'staff', query: { RoleType: '1' } },
      // A partner and a signatory that do not exist (404 past validation): nothing is written.
      'GET Institution/Certificate/Partners': { as: 'staff', query: { Page: '1', PageSize: '50', Id: '0' } },
      'GET Institution/Certificate/ViewSignatureAndName': { as: 'staff', query: { institutionId: '999999' } },
      'POST Institution/Certificate/UploadSignatureAndName': { as: 'staff', query: { name: 'Hostile Signatory', jobTitle: 'Registrar', institutionId: '999999' } },
      'PUT Institution/Certificate/UpdateSignatureAndName': { as: 'staff', query: { id: '999999', name: 'Hostile Signatory', jobTitle: 'Registrar' } },
      'DELETE Institution/Certificate/ActivateDeactivate': { as: 'staff', query: { id: '999999', isActive: 'true' } },
      // A partner, a workflow and a category that do not exist (404 past validation): nothing is written.
      'GET Workflow/Workflow/Partners': { as: 'staff', query: { Page: '1', PageSize: '50', Id: '0' } },
      'GET Workflow/Workflow/GetWorkflowByInstitutionId': { as: 'staff', query: { institutionId: '999999' } },
      'GET Workflow/Workflow/Search': { as: 'staff', query: { id: '999999' } },
      'GET Workflow/Workflow/Approvers': { as: 'staff', query: { institutionId: '999999', search: 'ada' } },
      'POST Workflow/Workflow/Create': { as: 'staff', body: { institutionId: 999999, name: 'Hostile Workflow', levelNo: 1, courseCategoryId: 999999, workflowLevels: [{ approval: 1, users: [{ userId: '00000000-0000-4000-8000-000000000000' }] }] } },
      'PUT Workflow/Workflow/Update': { as: 'staff', body: { id: 999999, institutionId: 999999, name: 'Hostile Workflow', levelNo: 1, courseCategoryId: 999999, workflowLevels: [{ approval: 1, users: [{ userId: '00000000-0000-4000-8000-000000000000' }] }] } },
      'POST Workflow/Workflow/Activate': { as: 'staff', query: { id: '999999' } },
      'POST Workflow/Workflow/Deactivate': { as: 'staff', query: { id: '999999' } },
      // A seeded category's own name and code (409 past validation), and a category that does not exist (404).
      'POST Course/CourseCategory/Create': { as: 'staff', body: { name: 'Productivity', code: 'PRODUCTIVITY' } },
      'POST Course/CourseCategory/Update': { as: 'staff', query: { id: '999999', name: 'Hostile Check Category', code: 'HOSTILE-CHECK' } },
      'POST Course/CourseCategory/ActivateDeactivate/{id}': { as: 'staff', params: { id: '999999' } },
      // E-mail templates: a seeded code (409 past validation), and a template that does not exist (404).
      'GET Notification/Email/Template/List': { as: 'staff', query: { Page: '1', PageSize: '10' } },
      'GET Notification/Email/Template/{id}': { as: 'staff', params: { id: '999999' } },
      'GET Notification/Email/Email/FetchTokens/{id}': { as: 'staff', params: { id: '999999' } },
      'POST Notification/Email/Email/Toggle/{id}': { as: 'staff', params: { id: '999999' } },
      'POST Notification/Email/Template/Create': { as: 'staff', body: { code: 'staff-invitation', name: 'Hostile Check', template: '<p>Hello {{firstName}}</p>', emailCategoryId: 1 } },
      'POST Notification/Email/Template/Update': { as: 'staff', body: { id: 999999, name: 'Hostile Check', template: '<p>Hello {{firstName}}</p>', emailCategoryId: 1 } },
      'POST Notification/Email/Send': { as: 'staff', body: { code: 'password-reset', name: 'Hostile Check', template: '<p>Hello {{firstName}}</p>', recipients: ['hostile.check@rivet.example'] } },
      // In-app notifications: a window that has already ended (400 past validation), a notification that does not
      // exist (404), and seeded names (answered as they are): no spoiled copy stores anything.
      'GET Notification/InAppNotification/ListCategory': { as: 'staff', query: { isActive: 'true' } },
      'GET Notification/InAppNotification/ListFeatures': { as: 'staff', query: { isActive: 'true' } },
      'GET Notification/InAppNotification/ListInAppNotification': { as: 'staff', query: { isActive: 'false' } },
      'GET Notification/InAppNotification/GetInAppNotification': { as: 'anonymous' },
      'POST Notification/InAppNotification/Create': {
        as: 'staff',
        body: { title: 'Hostile Check', startDate: '2020-01-01T00:00:00.000Z', endDate: '2020-01-02T00:00:00.000Z', inAppNotificationCategoryId: 1, severity: 2, inAppFeaturesId: [1], stripMessage: 'Hostile check', modalMessage: 'Hostile check', showModal: true, showStrip: true },
      },
      'PUT Notification/InAppNotification/Update': {
        as: 'staff',
        body: { id: 999999, title: 'Hostile Check', startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-02T00:00:00.000Z', inAppNotificationCategoryId: 1, severity: 2, inAppFeaturesId: [1], stripMessage: 'Hostile check', modalMessage: 'Hostile check', showModal: true, showStrip: true },
      },
      'DELETE Notification/InAppNotification/ToggleInAppNotification': { as: 'staff', query: { id: '999999', isActive: 'true' } },
      'POST Notification/InAppNotification/Category': { as: 'staff', body: { name: 'Maintenance' } },
      'POST Notification/InAppNotification/Features': { as: 'staff', query: { name: 'Sign in' } },
      'GET Report/Report/AuditTrail': { as: 'staff', query: { ...reportQuery, InstitutionId: '0', Id: '0' } },
      'GET Report/Report/GetCoursePayment': { as: 'staff', query: { ...reportQuery, InstitutionId: '0', TransactionStatus: '1' } },
      'GET Report/Report/GetCoursePurchase': { as: 'staff', query: { ...reportQuery, InstitutionId: '0', CourseId: '0' } },
      'GET Report/Report/GetRegisteredUsers': { as: 'staff', query: reportQuery },
      'GET Report/Report/GetRevenuePerPartner': { as: 'staff', query: { ...reportQuery, PartnerId: '0' } },
      'GET Report/Report/GetRevenuePerInstitution': { as: 'staff', query: { ...reportQuery, InstitutionId: '0' } },
      'GET Report/Report/GetCourseInsightsOverview': { as: 'staff', query: { ...reportQuery, InstitutionId: '0' } },
      'GET Report/Report/GetSurveyReport': { as: 'staff', query: { ...reportQuery, InstitutionId: '0', SurveyId: '1', QuestionId: '0', Sort: 'Oldest' } },
      'GET Report/Report/GetSurveys': { as: 'staff', query: { InstitutionId: '0' } },
      'GET Report/Report/GetPageViews': { as: 'staff', query: { ...reportQuery, App: 'all' } },
      'POST Report/PageView': { as: 'anonymous', body: { app: 'learner', route: '/course/discovery' } },
      'GET Course/Revenue/Search': { as: 'staff', query: { search: 'standard', id: '0', page: '1', pageSize: '10' } },
      'GET Course/Revenue/GetRevenuePartners': { as: 'staff', query: { RevenueId: '999999' } },
      // A partner that does not exist (400 past validation): no spoiled copy makes a formula.
      'POST Course/Revenue/Create': {
        as: 'staff',
        body: { name: 'Hostile Check Revenue', revenuePartnerModel: [{ sNo: 1, revenuePatnerType: 0, partnerId: 0, percentage: 30 }, { sNo: 2, revenuePatnerType: 1, partnerId: 999_999, percentage: 70 }] },
      },
      'DELETE Course/Revenue/ActivateDeactivateRevenue': { as: 'staff', query: { id: '999999', isActive: 'true' } },
      'GET Discount/Discount/Search': { as: 'staff', query: { institutionId: '0', search: 'welcome', page: '1', pageSize: '10' } },
      'GET Discount/Discount/GetDiscountById': { as: 'staff', query: { DiscountId: '999999' } },
      // A partner that does not exist (400 past validation): no spoiled copy makes a discount.
      'POST Discount/Discount/Create': {
        as: 'staff',
        body: { Name: 'Hostile Discount', Description: 'Hostile check', DiscountType: '1', DiscountChargeType: '2', InstitutionId: '999999', StartDate: '2026-01-01', EndDate: '2026-12-31', Amount: '10', SetUsageLimit: 'true', UsageLimit: '5', AllCoursesDiscount: 'true', CourseId: '', Code: 'HOSTILE-CHECK' },
      },
      'PUT Discount/Discount/Update': { as: 'staff', body: { id: 999_999, name: 'Hostile Discount', description: 'Hostile check', startDate: '2026-01-01', endDate: '2026-12-31', setUsage: true, usageLimit: 5 } },
      'DELETE Discount/Discount/ActivateDeactivate': { as: 'staff', query: { id: '999999', isActive: 'true' } },
      'GET Authentication/Account/User/GetUserInfoByInstitutionId': { as: 'staff', query: { search: 'ada', Page: '1', PageSize: '50', institutionid: '0', isActive: 'true' } },
      // The demo super admin's own user name and e-mail: a request that got past validation would only meet the 409.
      'POST Authentication/Account/Admin/Create': {
        as: 'staff',
        body: { firstName: 'Ngozi', lastName: 'Obi', userName: superAdmin.userName, email: superAdmin.email, phoneNumber: '08031234567', roles: 15, institutionId: 2, institutionCode: 'UNILAG' },
      },
      // Only spoiled copies are sent: the good request would set the super admin's own details to themselves.
      'PUT Authentication/Account/Admin/UpdateUserInfo': {
        as: 'staff',
        query: { UserId: staffSession.userId, firstName: superAdmin.firstName, lastName: superAdmin.lastName, phoneNumber: '', roleId: '10' },
      },
      'DELETE Authentication/Account/User/ActivateDeactivateUser': { as: 'staff', query: { id: staffSession.userId, isActive: 'true' } },
      'GET Institution/Institution/Partners': { as: 'staff', query: { Page: '1', PageSize: '10', Id: partnerId, IsActive: 'true', Search: 'lagos' } },
      'GET Institution/Institution/GetInstitution': { as: 'staff', query: { Id: partnerId } },
      'GET Institution/Institution/QueryInstitution': { as: 'staff', query: { code: 'HOSTILE', name: 'Hostile Check', email: 'hostile@check.ng', Id: partnerId } },
      'GET Authentication/Account/Admin/GetAdminUsers': { as: 'staff', query: { institutionId: partnerId } },
      'GET Institution/Institution/GettingStarted': { as: 'staff', query: { institutionId: partnerId } },
      'POST Institution/Institution/ActivateDeactivate': { as: 'staff', body: { Id: Number(partnerId), isActive: true } },
      // No pictures are sent: a spoiled copy that got past validation would only meet their 400.
      'POST Institution/Institution/Create': { as: 'staff', body: { ...partnerBasics, InstitutionType: '1', Code: 'HOSTILE-NEW', 'UserModel.FirstName': 'Ada', 'UserModel.LastName': 'Obi', 'UserModel.Email': 'ada@hostile.ng', 'UserModel.PhoneNumber': '08031234567', 'UserModel.userName': 'hostile.ada', 'UserModel.Roles': String(INSTITUTION_ADMIN_ROLE_ID) } },
      // The partner is the test's own, so an update that gets through changes nothing shared.
      'PUT Institution/Institution/Update': { as: 'staff', body: { id: partnerId, ...partnerBasics } },
      'POST Course/Course/CreateUpdate': {
        as: 'staff',
        body: { courseId: demoDraft!.id, institutionId: demoDraft!.institutionId, title: demoDraft!.title, description: demoDraft!.description, courseCategoryId: demoDraft!.courseCategoryId, courseType: 1, startDate: '2026-12-01', isPaid: demoDraft!.isPaid, hasSurvey: false },
      },
      'POST Course/Course/Update/OtherDetails': {
        as: 'staff',
        body: {
          CourseId: String(demoDraft!.id), HeadLine: 'A steady headline', OverView: '<p>What the course covers.</p>', CourseLevel: '1', LanguageId: '1',
          Objectives: '<ul><li>Do the work</li></ul>', Effort: '2 to 4 hours per week', InstructorName: draftInstructor!.name, Promote: 'false', StepNo: '2',
          // No promotional video is named: a spoiled guid that got past validation would only meet “not in the library”.
          CoursePromotionalVideoGuid: '', RemoveCoursePromotionalVideo: 'false',
        },
      },
      'GET Course/Course/Update/{id}': { as: 'staff', params: { id: String(demoDraft!.id) } },
      'GET Course/Course/Update/Check/{id}': { as: 'staff', params: { id: String(demoDraft!.id) } },
      'POST Course/Course/Revision/{id}': { as: 'staff', params: { id: String(demoDraft!.id) } },
      'POST Course/Course/Builder': {
        as: 'staff',
        query: { SaveDraft: 'true' },
        body: {
          courseId: demoDraft!.id,
          courseModules: [
            {
              courseModuleId: null,
              title: 'Getting started',
              items: [
                {
                  courseModuleItemId: null,
                  title: 'Why it matters',
                  courseModuleItemAssets: [
                    { courseModuleItemAssetId: null, assetType: 3, title: 'Read me', body: '<p>The reason.</p>', quiz: null },
                    {
                      courseModuleItemAssetId: null,
                      assetType: 4,
                      title: '',
                      quiz: {
                        name: 'Check', description: 'A short check.', timed: true, duration: 10, pointPerQuestion: 1, requiredNextModule: true, passMark: 50, randomize: false,
                        data: [{ type: 0, question: '<p>Two plus two?</p>', options: [{ title: 'Four', description: 'Sum.', isAnswer: true }, { title: 'Five', description: '', isAnswer: false }] }],
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
      'GET Course/Course/Builder/{id}': { as: 'staff', params: { id: String(demoDraft!.id) } },
      'GET Course/Course/AdminPreviewCourse/{id}': { as: 'staff', params: { id: String(demoDraft!.id) } },
      // Not a revision: a spoiled request that got past validation would only meet that 404.
      'GET Course/Course/Revision/Changes/{id}': { as: 'staff', params: { id: String(demoDraft!.id) } },
      // A course that does not exist: a spoiled request that got past validation would only meet the 404.
      'POST Course/Course/Pricing': { as: 'staff', body: { courseId: 999999, currencyId: 1, basePrice: 5000, vat: 375, gatewayCharge: 100 } },
      // The demo draft has no survey step: a spoiled request that got past validation would only meet that 400.
      'POST Course/Course/Survey/Update': { as: 'staff', body: { courseId: demoDraft!.id, surveyId: 1 } },
      // Approve course (decision 043): lists read only; decisions on a course that does not exist meet only the 404.
      'GET Course/Course/AwaitingCourseApproval': {
        as: 'staff',
        query: { courseTitle: 'course', page: '1', pageSize: '10', approvalstatus: '4', courseCategoryId: '1', institutionId: String(demoDraft!.institutionId), StartDate: '2026-01-01', EndDate: '2026-12-31' },
      },
      'GET Course/Course/InstitutionApprovedCourses': { as: 'staff', query: { courseTitle: 'course', page: '1', pageSize: '10', courseCategoryId: '1', institutionId: String(demoDraft!.institutionId), StartDate: '2026-01-01', EndDate: '2026-12-31' } },
      'GET Course/Course/InstitutionRejectedCourses': { as: 'staff', query: { courseTitle: 'course', page: '1', pageSize: '10', courseCategoryId: '1', institutionId: String(demoDraft!.institutionId), StartDate: '2026-01-01', EndDate: '2026-12-31' } },
      'POST Workflow/CourseApproval/Pending/Search': { as: 'staff', body: { startDate: '2026-01-01', endDate: '2026-12-31', courseCategoryId: 1, search: 'course', status: 1, institutionId: demoDraft!.institutionId } },
      'POST Workflow/CourseApproval/Course/Approval': { as: 'staff', body: { courseId: 999999, comment: 'Needs work.', status: 3, courseCategoryId: 1, institutiondId: demoDraft!.institutionId } },
      'POST Workflow/CourseApproval/QA/QACourseApproval': { as: 'staff', body: { courseId: 999999, comment: 'Good.', approvalStatus: 2, institutiondId: demoDraft!.institutionId, revenueId: 1 } },
      // Re-picking a formula (decision 076): a course that does not exist meets only the 404.
      'GET Workflow/CourseApproval/QA/Revenues': { as: 'staff', query: { courseId: String(demoDraft!.id) } },
      'POST Workflow/CourseApproval/QA/Revenue/Repick': { as: 'staff', body: { courseId: 999999, revenueId: 1 } },
      // Manage Courses (decision 045): the toggle meets only the 404 of a course that does not exist.
      'GET Course/Course/ManageCourses': { as: 'staff', query: { draft: 'false', programs: 'false', search: 'course', institutionId: String(demoDraft!.institutionId), page: '1', pageSize: '10' } },
      'GET Course/Course/Manage/{courseId}': { as: 'staff', params: { courseId: String(demoDraft!.id) } },
      'GET Course/Course/Statistics/{courseId}': { as: 'staff', params: { courseId: String(demoDraft!.id) } },
      'POST Course/Course/Toggle/{courseId}': { as: 'staff', params: { courseId: '999999' } },
      // The dashboard and Course Insights (decision 052).
      'GET Course/Course/FetchMonthlyEnrollmentStatistics': { as: 'staff', query: { institutionId: String(demoDraft!.institutionId) } },
      'GET Course/Course/GetInstitutionCourseStatistic': { as: 'staff', query: { institutionId: String(demoDraft!.institutionId) } },
      'GET Course/Course/DashboardStats': { as: 'staff', query: { institutionId: String(demoDraft!.institutionId) } },
      'GET Course/Course/List': { as: 'staff', query: { institutionId: String(demoDraft!.institutionId), isActive: 'true', usePaging: 'true', page: '1', pageSize: '10' } },
      'GET Course/Course/UpdateHistory': { as: 'staff', query: { institutionId: String(demoDraft!.institutionId), courseId: String(demoDraft!.id) } },
      'GET Report/Report/GetCourseInsights': {
        as: 'staff',
        query: { Search: 'course', InstitutionId: String(demoDraft!.institutionId), StartDate: '2026-01-01', EndDate: '2026-12-31', Page: '1', PageSize: '10', Export: 'false', Download: 'false' },
      },
      'GET Report/Report/GetStudentEnrolled': {
        as: 'staff',
        query: { Search: 'ada', CourseId: String(demoDraft!.id), StartDate: '2026-01-01', EndDate: '2026-12-31', Page: '1', PageSize: '10', Export: 'false', Download: 'false' },
      },
      'GET Course/Survey/List': { as: 'staff', query: { Draft: 'false', IsActive: 'true' } },
      'GET Course/Survey/Details/{id}': { as: 'staff', params: { id: '1' } },
      // Manage Survey: a survey and a course that do not exist (404 past validation), and a draft-free rating scale.
      'POST Course/Survey/Create': {
        as: 'staff',
        query: { Draft: 'true' },
        body: { title: 'Hostile Check Survey', description: 'Checks.', questions: [{ questionType: 1, question: 'Pick one', options: [{ option: 'A' }, { option: 'B' }] }, { questionType: 2, question: 'Say more' }, { questionType: 3, question: 'Rate', minValue: 0, maxValue: 10 }] },
      },
      'POST Course/Survey/Update': { as: 'staff', query: { Draft: 'false' }, body: { surveyId: 999999, title: 'Hostile Check Survey', description: '', questions: [{ questionType: 2, question: 'Say more' }] } },
      'POST Course/Survey/Toggle/{id}': { as: 'staff', params: { id: '999999' } },
      'GET Course/Course/Survey/Courses/{id}': { as: 'staff', params: { id: '999999' }, query: { Page: '1', PageSize: '10', search: 'ledger' } },
      'GET Course/Course/NoSurvey/Courses': { as: 'staff', query: { search: 'ledger' } },
      'POST Course/Course/Survey/Assign': { as: 'staff', body: { surveyId: 999999, courseIds: [999999] } },
      'POST Course/Course/Survey/UnAssign/{id}': { as: 'staff', params: { id: '999999' } },
      'GET Course/Survey/Responses/{id}': { as: 'staff', params: { id: '999999' } },
      'GET Course/Instructor/List': { as: 'staff', query: { InstitutionId: String(demoDraft!.institutionId), IsActive: 'true' } },
      // Instructors (decision 075): the update and the toggle name an instructor that does not exist (404 past validation).
      'GET Course/Instructor/Partners': { as: 'staff', query: { Page: '1', PageSize: '10', Id: '0' } },
      'GET Course/Instructor/Search': { as: 'staff', query: { InstitutionId: String(demoDraft!.institutionId), Search: 'ada', IsActive: 'true', Page: '1', PageSize: '10' } },
      'POST Course/Instructor/Create': { as: 'staff', body: { institutionId: demoDraft!.institutionId, name: 'Hostile Check Instructor' } },
      'PUT Course/Instructor/Update': { as: 'staff', body: { id: 999999, name: 'Hostile Check Instructor' } },
      'POST Course/Instructor/ActivateDeactivate': { as: 'staff', query: { id: '999999', isActive: 'false' } },
      // No chunk bytes: a request that got past validation would only meet 'The chunk is empty.'.
      'POST Course/Course/UploadChunks': { as: 'staff', query: { id: '0', fileName: 'hostile.mp4', totalChunks: '1', InstitutionId: String(demoDraft!.institutionId) } },
      'GET Course/Course/UploadStatus': { as: 'staff', query: { fileName: 'hostile.mp4' } },
      'POST Course/Course/UploadComplete': { as: 'staff', query: { fileName: 'hostile.mp4', kind: 'video' } },
      // No files: a request that got past validation would only meet 'Choose at least one file to upload.'.
      'POST ContentLibrary/FileManager/UploadMultipleFileFromLocal': { as: 'staff', body: { UserName: 'hostile.staff', InstitutionId: String(demoDraft!.institutionId) } },
      'DELETE ContentLibrary/FileManager/DeleteFile': { as: 'staff', query: { fileId: '999999' } },
      'GET ContentLibrary/FileManager/GetAllFilesByOwnerId': { as: 'staff', query: { ownerId: String(demoDraft!.institutionId), fileType: '2' } },
      'POST Authentication/Account/RefreshToken': { as: 'anonymous', body: { app: 'learner' } },
      'POST Authentication/Account/SignOut': { as: 'anonymous', body: { app: 'learner' } },
      // An address already registered: a request that got past validation would only meet the 409.
      'POST Authentication/Account/Student/Register': {
        as: 'anonymous',
        body: { firstName: 'Ngozi', lastName: 'Eze', middleName: 'Ada', email: demoLearner.email, password: strong, age: '25-29', country: 'NG', institutionId: 1, institutionCode: 'RIVET', roles: 'Student', id: 0 },
      },
      'POST Authentication/Account/User/ResetPassword': { as: 'anonymous', body: { token: 'a'.repeat(43), password: strong } },
      'POST Authentication/Account/Student/DeleteAccount': { as: 'learner', body: { password: 'Wrong#Pass2026' } },
      'PUT Authentication/Account/Student/UpdateStudentProfile': {
        as: 'learner',
        body: { Id: userId, ProfileId: String(session.studentProfileId), 'UpdateProfiles.FirstName': 'Chioma', 'UpdateProfiles.LastName': 'Eze', 'UpdateProfiles.PhoneNumber': '+2348031234567', 'UpdateProfiles.Organization': 'Rivet', 'UpdateProfiles.JobTitle': 'Analyst', Country: 'NG', Age: '25-29' },
      },
      'PUT Authentication/Account/Student/UpdateStudentSocial': {
        as: 'learner',
        body: { Id: userId, ProfileId: String(session.studentProfileId), Twitter: 'https://x.com/chioma', YouTube: 'https://youtube.com/@chioma', FaceBook: 'https://facebook.com/chioma', LinkedIn: 'https://linkedin.com/in/chioma' },
      },
      'GET Course/CourseCategory/List': { as: 'anonymous', query: { IsActive: 'true', UsePaging: 'true', Page: '1', PageSize: '10' } },
      'GET Course/Language/List': { as: 'anonymous', query: { isActive: 'true', usePaging: 'true', page: '1', pageSize: '10' } },
      'GET Course/Course/CheckEnrollment/{userId}/{courseId}': { as: 'staff', params: { userId, courseId } },
      'POST Course/Course/Enroll': { as: 'learner', body: { userId, courseId: free.courseId, discountCode: 'WELCOME10' } },
      'GET Course/Course/GetCourseById/{id}': { as: 'anonymous', params: { id: courseId } },
      'GET Course/Course/Institution/{institutionId}': { as: 'anonymous', params: { institutionId: String(enrolled.institutionId) }, query: { exclude: courseId, Page: '1', PageSize: '10' } },
      'POST Course/Course/Search': {
        as: 'anonymous',
        query: { Page: '1', PageSize: '10' },
        body: { courseCategoryIds: [1], parameter: 'customer', institutionIds: [enrolled.institutionId], courseLevels: [1], languageIds: [1] },
      },
      'GET Institution/Institution/Search': { as: 'anonymous', query: { Page: '1', PageSize: '10', Id: '0', IsActive: 'true', Search: 'lagos' } },
      'GET Course/Course/Completed/{userId}': { as: 'staff', params: { userId } },
      'GET Course/Course/Enrolled/{userId}': { as: 'staff', params: { userId } },
      'GET Course/Course/Recent/{userId}': { as: 'staff', params: { userId } },
      'GET Course/Survey/Course/{courseId}': { as: 'learner', params: { courseId } },
      'GET Course/Course/Enrolled/Details/{userId}/{courseId}': { as: 'learner', params: { userId, courseId } },
      'GET Course/Course/Offline/Manifest/{userId}/{courseId}': { as: 'learner', params: { userId, courseId } },
      'GET Institution/Certificate/GenerateCertificate': { as: 'learner', query: { courseId, userId, institutionId: String(enrolled.institutionId) } },
      'GET Institution/Certificate/Verify/{certificateId}': { as: 'anonymous', params: { certificateId: 'RVT-0000-0000-0000' } },
      'POST Course/Course/Uploadviewing/{userId}': { as: 'learner', params: { userId }, body: progress },
      'POST Course/Course/Quiz/UpdateScore/{userId}': {
        as: 'learner',
        params: { userId },
        body: {
          eventId: randomUUID(),
          courseQuizId: quizAsset.courseModuleItemAssetId,
          courseId: enrolled.courseId,
          module: quizSection.m.courseModuleId,
          section: quizSection.s.courseModuleItemId,
          answers: [{ question: 0, options: [0] }],
          score: 50,
          lastDateVisted: now,
        },
      },
      'POST Course/Survey/Response': {
        as: 'learner',
        body: { eventId: randomUUID(), userId, courseId: enrolled.courseId, responses: [{ surveyQuestionId: 1, surveyQuestionOptionId: 1, answer: 'Clear and useful' }] },
      },
      'POST Course/Course/Events/{userId}': { as: 'learner', params: { userId }, body: { events: [{ type: 'progress', ...progress, eventId: randomUUID() }] } },
      'POST Course/Course/Compute/Pricing': { as: 'learner', body: { basePrice: 1000, courseId: paid.courseId, institutionId: paid.institutionId, discountCode: 'WELCOME10' } },
      'POST Course/Payment/Log': { as: 'learner', body: payment },
      'POST Course/Payment/Process': { as: 'learner', body: payment },
      'POST Course/Payment/Sandbox/{reference}': { as: 'learner', params: { reference: 'RVT-NONE' }, body: { outcome: 'success' } },
    };
    for (const e of ALL_ENDPOINTS) {
      const baseline = all[`${e.method} ${e.service}/${e.path}`];
      if (baseline) baselines.set(e, baseline);
    }
  }, 60_000);
  afterAll(() => app?.close());

  function send(e: Endpoint, b: Baseline, parts: { params?: Record<string, string>; query?: Record<string, string>; body?: Json; raw?: string }) {
    const params = parts.params ?? b.params ?? {};
    const path = endpointUrl(e).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const query = new URLSearchParams(parts.query ?? b.query).toString();
    const headers: Record<string, string> = {};
    const token = b.as === 'anonymous' ? null : callers[b.as].accessToken;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    const value = parts.body ?? b.body;
    if (parts.raw !== undefined) {
      headers['content-type'] = 'application/json';
      body = parts.raw;
    } else if (value !== undefined && e.form) {
      const form = new FormData();
      for (const [name, item] of Object.entries(value as Record<string, Json>)) form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
      body = form;
    } else if (value !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value);
    }
    return app.fetch(`${path}${query ? `?${query}` : ''}`, { method: e.method, headers, body });
  }

  /** What is wrong with an answer: a 5xx, a missing 4xx where one is due, or an error without the envelope's message. */
  async function problemWith(res: Response, mustRefuse: boolean, batchItem: boolean): Promise<string | null> {
    if (res.status >= 500) return `answered ${res.status}`;
    const body = (await res.json().catch(() => null)) as any;
    if (batchItem && res.status === 200) {
      // One bad event in a batch is rejected on its own; the batch still answers 200.
      const [result] = body?.data?.results ?? [];
      if (result?.outcome === 'rejected' && result.status >= 400 && result.status < 500 && result.description) return null;
      return `event not rejected: ${JSON.stringify(result)?.slice(0, 200)}`;
    }
    if (mustRefuse && res.status < 400) return `accepted (${res.status})`;
    if (res.status >= 400 && !(body?.success === false && typeof body.code === 'string' && typeof body.description === 'string' && body.description.length > 0)) {
      return `no envelope with a message: ${JSON.stringify(body)?.slice(0, 200)}`;
    }
    return null;
  }

  it('has a good request for every declared endpoint that takes any input', () => {
    const missing = ALL_ENDPOINTS.filter((e) => (e.params || e.query || e.body || /\{/.test(e.path)) && !baselines.has(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    // Every declared field is spoiled, not only those the good request happens to name.
    const unnamed = [...baselines].flatMap(([e, b]) => {
      const declared = (schema: any): string[] => Object.keys(schema?.entries ?? schema?.pipe?.[0]?.entries ?? {});
      return [
        ...declared(e.params).filter((k) => !(k in (b.params ?? {}))),
        ...declared(e.query).filter((k) => !(k in (b.query ?? {}))),
        ...declared(e.body).filter((k) => !(k in (b.body ?? {}))),
      ].map((k) => `${e.path} ${k}`);
    });
    expect(unnamed).toEqual([]);
    expect(ALL_ENDPOINTS.filter((e) => /\{/.test(e.path) && !e.params).map((e) => e.path)).toEqual([]);
  });

  for (const e of ALL_ENDPOINTS) {
    it(`${e.method} ${e.path} refuses values outside its contract with a 4xx and a message`, async () => {
      const b = baselines.get(e);
      if (!b) return;
      const problems: string[] = [];
      const check = async (label: string, res: Response, mustRefuse: boolean, batchItem = false) => {
        const problem = await problemWith(res, mustRefuse, batchItem);
        if (problem) problems.push(`${label}: ${problem}`);
      };
      for (const [part, values] of [['params', b.params], ['query', b.query]] as const) {
        for (const [name, good] of Object.entries(values ?? {})) {
          for (const h of HOSTILE) {
            if (h.text === undefined) continue;
            const res = await send(e, b, { [part]: { ...values, [name]: h.text } });
            await check(`${part}.${name} = ${h.name}`, res, h.refusedBy(kindOf(good, true), 'text'));
          }
        }
      }
      if (b.body) {
        for (const { at, value } of nodes(b.body)) {
          const field = `body.${at.join('.')}`;
          const ignored = IGNORED.has(`${e.service}/${e.path} ${field}`);
          for (const h of HOSTILE) {
            if (e.form && (h.text === undefined || at.length > 1)) continue;
            const spoiled = replaced(b.body, at, e.form ? h.text! : h.json!);
            const res = await send(e, b, { body: spoiled });
            const kind = DIGIT_TEXT.has(`${e.service}/${e.path} ${field}`) ? 'text' : kindOf(value, Boolean(e.form));
            await check(`${field} = ${h.name}`, res, !ignored && h.refusedBy(kind, e.form ? 'text' : 'json'), e.path.startsWith('Course/Events/') && at.length >= 2);
          }
        }
        if (!e.form) {
          // A million-long list is refused as too large before it is parsed.
          const [first] = Object.keys(b.body);
          await check('a 1,000,000-long list', await send(e, b, { raw: JSON.stringify({ ...b.body, [first!]: Array.from({ length: 1_000_000 }, () => 1) }) }), true);
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
