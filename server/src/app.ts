// The HTTP application, built from its dependencies so tests can pass a fresh database and fakes.
import { join } from 'node:path';
import { Hono, type Context, type Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { compress } from 'hono/compress';
import type { Logger } from 'pino';
import { TEST_MAILS_PER_HOUR } from '@rivet/shared/api/email-templates';
import { CODES, endpointUrl } from '@rivet/shared/api/contract';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { STUDENT_ROLE_ID, SUPER_ADMIN_ROLE_ID } from '@rivet/shared/domain/permissions';
import { DEFAULT_MEDIA_CONFIG, DEFAULT_UPLOAD_LIMITS, type Config, type RateLimits } from './config';
import { referencedCourseFiles } from './db/course-revisions';
import type { DatabaseHandle } from './db/client';
import { createAuthenticationRepository } from './authentication/authentication.repository';
import { createAuthenticationService } from './authentication/authentication.service';
import { registerAuthenticationRoutes } from './authentication/authentication.routes';
import { createProfilePictureStore } from './authentication/profile-pictures';
import { createAccessTokens } from './authentication/tokens';
import { createPasswordChangeGate } from './authentication/password-change-gate';
import { MESSAGES } from './authentication/messages';
import { createSignInGuard, realWait } from './authentication/sign-in-guard';
import { JSON_BODY_MAX_BYTES, errorResponse } from './http/bind';
import { limitBody } from './http/body-limit';
import { createBackground } from './http/background';
import { resolveClientIp } from './http/client-ip';
import type { Clock } from './http/clock';
import { requestLog, type AppEnv } from './http/context';
import { isFinished, requestHeader } from './http/send-json';
import { AppError } from './http/errors';
import { isDatabaseUnavailable } from './db/errors';
import { createLocalCacheBus, type CacheBus } from './http/cache-bus';
import { createSessionVersions } from './authentication/session-versions';
import { createSessionVersionsRepository } from './authentication/session-versions.repository';
import { createFailureCounter, createRateLimiter, memoryLimiters, type LimiterFactory } from './http/rate-limit';
import { registerMedia } from './http/media';
import { registerValidators } from './http/validators';
import * as reference from '@rivet/shared/api/reference';
import * as course from '@rivet/shared/api/course';
import { registerStaticApps } from './http/static';
import { createLcpImages } from './http/lcp-images';
import type { Mailer } from './mail/mailer';
import { buildOpenApiDocument } from './openapi/openapi';
import { renderDocsPage } from './openapi/docs-page';
import { createReferenceRepository } from './reference/reference.repository';
import { createReferenceService } from './reference/reference.service';
import { registerReferenceRoutes } from './reference/reference.routes';
import { createCourseRepository } from './course/course.repository';
import { createCourseService } from './course/course.service';
import { registerCourseRoutes } from './course/course.routes';
import { createInstitutionRepository } from './institution/institution.repository';
import { createInstitutionService } from './institution/institution.service';
import { registerInstitutionRoutes } from './institution/institution.routes';
import { createPartnerRepository } from './institution/institution.repository';
import { createPartnersService } from './institution/partners.service';
import { createPartnerImageStore } from './institution/partner-images';
import { createAuthoringRepository } from './authoring/authoring.repository';
import { registerAuthoringRoutes } from './authoring/authoring.routes';
import { createAuthoringService } from './authoring/authoring.service';
import { createCourseFileSweeper } from './authoring/course-files';
import { createCourseImageStores } from './authoring/course-images';
import { createPromoVideoStore } from './authoring/promo-video';
import { createCurriculumRepository } from './authoring/curriculum.repository';
import { registerCurriculumRoutes } from './authoring/curriculum.routes';
import { createCurriculumService } from './authoring/curriculum.service';
import { registerPricingRoutes } from './authoring/pricing.routes';
import { createPreviewRepository } from './authoring/preview.repository';
import { registerPreviewRoutes } from './authoring/preview.routes';
import { createPreviewService } from './authoring/preview.service';
import { createRevisionChangesRepository } from './authoring/revision-changes.repository';
import { registerRevisionChangesRoutes } from './authoring/revision-changes.routes';
import { createRevisionChangesService } from './authoring/revision-changes.service';
import { createSubmissionService } from './authoring/submission.service';
import { createSurveyRepository } from './authoring/survey.repository';
import { registerSurveyStepRoutes } from './authoring/survey.routes';
import { registerManageSurveyRoutes } from './authoring/manage-survey.routes';
import { createManageSurveyService } from './authoring/manage-survey.service';
import { createSurveyStepService } from './authoring/survey.service';
import { createReviewRepository } from './review/review.repository';
import { registerReviewRoutes } from './review/review.routes';
import { createReviewService } from './review/review.service';
import { createManageCourseRepository } from './manage-course/manage-course.repository';
import { createDashboardRepository } from './dashboard/dashboard.repository';
import { registerDashboardRoutes } from './dashboard/dashboard.routes';
import { createDashboardService } from './dashboard/dashboard.service';
import { createGettingStartedRepository } from './getting-started/getting-started.repository';
import { registerGettingStartedRoutes } from './getting-started/getting-started.routes';
import { createGettingStartedService } from './getting-started/getting-started.service';
import { createCourseInsightsRepository } from './course-insights/course-insights.repository';
import { registerCourseInsightsRoutes } from './course-insights/course-insights.routes';
import { createCourseInsightsService } from './course-insights/course-insights.service';
import { registerManageCourseRoutes } from './manage-course/manage-course.routes';
import { createManageCourseService } from './manage-course/manage-course.service';
import { createContentLibraryRepository } from './content-library/content-library.repository';
import { createContentLibraryService } from './content-library/content-library.service';
import { registerContentLibraryRoutes } from './content-library/content-library.routes';
import { createUploadStore } from './content-library/upload-store';
import { createJobQueue } from './jobs/job-queue';
import { createQueuedMailer, MAIL_JOB } from './mail/queued-mailer';
import { createRetentionRepository } from './privacy/retention.repository';
import { createMediaProcessing } from './content-library/media-processing';
import { createFfmpeg } from './media/ffmpeg';
import { createRolesRepository } from './roles/roles.repository';
import { createRolesService } from './roles/roles.service';
import { registerRolesRoutes } from './roles/roles.routes';
import { createPlatformRepository } from './platform/platform.repository';
import { createPrivacyRepository } from './privacy/privacy.repository';
import { createPrivacyService } from './privacy/privacy.service';
import { registerPrivacyRoutes } from './privacy/privacy.routes';
import { createPlatformService } from './platform/platform.service';
import { registerPlatformRoutes } from './platform/platform.routes';
import { createCourseCategoriesRepository } from './course-configuration/course-categories.repository';
import { createCourseCategoriesService } from './course-configuration/course-categories.service';
import { registerCourseCategoryRoutes } from './course-configuration/course-categories.routes';
import { createDiscountRepository } from './discounts/discounts.repository';
import { createDiscountService } from './discounts/discounts.service';
import { registerDiscountRoutes } from './discounts/discounts.routes';
import { createEmailTemplatesRepository } from './email-templates/email-templates.repository';
import { registerEmailTemplateRoutes } from './email-templates/email-templates.routes';
import { createEmailTemplatesService } from './email-templates/email-templates.service';
import { createInAppNotificationsRepository } from './in-app-notifications/in-app-notifications.repository';
import { registerInAppNotificationRoutes } from './in-app-notifications/in-app-notifications.routes';
import { createInAppNotificationsService } from './in-app-notifications/in-app-notifications.service';
import { templatedMailer } from './email-templates/templated-mailer';
import { createRevenueRepository } from './revenue/revenue.repository';
import { createRevenueService } from './revenue/revenue.service';
import { registerRevenueRoutes } from './revenue/revenue.routes';
import { createReportsRepository } from './reports/reports.repository';
import { createReportsService } from './reports/reports.service';
import { createRevenueReportsRepository } from './reports/revenue-reports.repository';
import { createSurveyReportRepository } from './reports/survey-report.repository';
import { registerReportRoutes } from './reports/reports.routes';
import { createPageViewsRepository, PAGE_VIEWS_PER_MINUTE, registerPageViewRoutes } from './reports/page-views';
import { createUsersRepository } from './users/users.repository';
import { createUsersService } from './users/users.service';
import { registerUsersRoutes } from './users/users.routes';
import { createLearningRepository } from './learning/learning.repository';
import { createLearnerEventsRepository } from './learning/learner-events.repository';
import { createLearnerEvents } from './learning/learner-events';
import { createLearningService } from './learning/learning.service';
import { registerLearningRoutes } from './learning/learning.routes';
import { createOfflineMedia } from './media/offline-media';
import { createCertificateRepository } from './certificate/certificate.repository';
import { createCertificateService } from './certificate/certificate.service';
import { createImageLoader } from './certificate/certificate-images';
import { registerCertificateRoutes } from './certificate/certificate.routes';
import { createSignatureImageStore } from './certificate/signature-images';
import { createSignaturesRepository } from './certificate/signatures.repository';
import { createSignaturesService } from './certificate/signatures.service';
import { registerSignatureRoutes } from './certificate/signatures.routes';
import { createInstructorsRepository } from './instructors/instructors.repository';
import { createInstructorsService } from './instructors/instructors.service';
import { registerInstructorRoutes } from './instructors/instructors.routes';
import { createWorkflowsRepository } from './workflows/workflows.repository';
import { createWorkflowsService } from './workflows/workflows.service';
import { registerWorkflowRoutes } from './workflows/workflows.routes';
import { createMediaSigner, registerSecureMedia } from './media/secure-media';
import { createLocalStorage, type MediaStorage } from './storage';
import { createPaymentRepository } from './payment/payment.repository';
import { createPaymentService } from './payment/payment.service';
import { registerPaymentRoutes } from './payment/payment.routes';
import { createPaystackProvider } from './payment/paystack';
import { createSandboxProvider } from './payment/sandbox';

export interface AppDeps {
  config: Partial<Pick<Config, 'uploads' | 'media'>> & Pick<Config, 'dataDir' | 'jwtSecret' | 'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'publicUrl' | 'secureCookies' | 'externalLoginUrl' | 'instructorSignupUrl' | 'staticDir' | 'trustProxy' | 'payments'> & {
    rateLimits: RateLimits;
  };
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  limiters?: LimiterFactory;
  /** How the server waits before checking the password of an account under attack; tests record it. */
  wait?: (ms: number) => Promise<void>;
  /** How long identical catalogue searches share an answer; 0 in tests. */
  searchCacheMs?: number;
  /** How long a user's session version read from the database is trusted (decision 084); SESSION_CHECK_MS when not given. */
  sessionCheckMs?: number;
  /** Clears the answer caches when the catalogue changes; shared through Redis by main.ts with REDIS_URL, this process only otherwise. */
  caches?: CacheBus;
  /** Where media bytes live (decision 056); the local data folder when not given. */
  storage?: MediaStorage;
}

/**
 * Whether an audited change can show in the public catalogue (a course's text, curriculum, price,
 * approval, activation; a category; a partner): such changes clear the catalogue's caches. A file
 * uploaded for a course is not shown until a save names it (that save clears them).
 */
export function changesCatalogue(audit: { module: string; action: string }): boolean {
  return ['Course', 'CourseApproval', 'CourseCategory', 'Institution', 'Partner'].includes(audit.module) && !audit.action.startsWith('Upload');
}

/**
 * The changes that raise users' session versions (docs/decisions/084): once one succeeds, every
 * process forgets the versions it kept, so the old tokens are refused from the next request.
 */
export const REVOKES_SESSIONS = [
  'Account/User/ActivateDeactivateUser',
  'Account/Admin/UpdateUserInfo',
  'RolePermissionManager/CreateRoleandPermission',
  'RolePermissionManager/ActivateDeactivateRole',
  'Institution/ActivateDeactivate',
  'Account/User/ChangePassword',
  'Account/User/ResetPassword',
  'Account/Student/DeleteAccount',
];

export const RECONCILE_JOB = 'payments.reconcile';
/** The 503 description while the database cannot be reached (it restarts or fails over). */
export const DATABASE_UNAVAILABLE = 'The service is unavailable for a moment. Please try again shortly.';
export const PURGE_JOB = 'privacy.purge-expired';

export function createApp(deps: AppDeps) {
  const { config, database, clock, log } = deps;
  const db = database.db;
  const storage = deps.storage ?? createLocalStorage(config.dataDir);
  const emailTemplatesRepo = createEmailTemplatesRepository(db);
  // Durable jobs (docs/decisions/033): declared here, run by main.ts's workers or a test's drain().
  const jobs = createJobQueue(database, log);
  // Every e-mail the platform sends goes through its staff-edited template when one is active
  // (decision 046), then through the queue, so one process sends it once (decision 054).
  const queuedMailer = createQueuedMailer({ jobs, inner: deps.mailer, secret: config.jwtSecret, log });
  const mailer = templatedMailer(queuedMailer, (code) => emailTemplatesRepo.activeFor(code), log);
  const app = new Hono<AppEnv>();
  const background = createBackground((error) => log.error({ err: error }, 'background task failed'));
  const mediaConfig = config.media ?? DEFAULT_MEDIA_CONFIG;
  const ffmpeg = createFfmpeg(mediaConfig.ffmpegPath);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const limiterOf = deps.limiters ?? memoryLimiters;
  const rl = config.rateLimits;
  const caches = deps.caches ?? createLocalCacheBus();
  const sessionVersions = createSessionVersions({ versionOf: createSessionVersionsRepository(db).versionOf, caches, keepMs: deps.sessionCheckMs });
  const revokingPaths = new Set(ALL_ENDPOINTS.filter((e) => REVOKES_SESSIONS.includes(e.path)).map((e) => endpointUrl(e)));

  const staticApps = { scriptHashes: [] as string[] };
  const instructorFormOrigin = config.instructorSignupUrl ? new URL(config.instructorSignupUrl).origin : null;
  // Paystack's popup is a frame from its checkout site that talks to its API (only when configured).
  const paystackOrigins = config.payments.paystack ? ['https://checkout.paystack.com', 'https://api.paystack.co'] : [];
  const paymentProvider = config.payments.paystack ? 'paystack' : 'sandbox';
  // Built once (not per request): one variant with HSTS for https, one without.
  const headersFor = (https: boolean) =>
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Both apps inject the same runtime-config script: its hash is listed once.
        scriptSrc: ["'self'", ...new Set(staticApps.scriptHashes), ...paystackOrigins.slice(0, 1)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...paystackOrigins],
        workerSrc: ["'self'"],
        // The instructor sign-up form (an external service) opens in a frame on the facilitators page.
        frameSrc: ["'self'", ...(instructorFormOrigin ? [instructorFormOrigin] : []), ...paystackOrigins.slice(0, 1)],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      // Powerful features no page of Rivet uses are off for it and anything it frames; fullscreen
      // stays for lesson videos, payment for Paystack's popup when it is configured. Only features
      // Chromium knows: an unknown one ('bluetooth') logs an error on every page (decision 095).
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        displayCapture: [],
        usb: [],
        serial: [],
        hid: [],
        midi: [],
        accelerometer: [],
        gyroscope: [],
        magnetometer: [],
        browsingTopics: [],
        payment: paystackOrigins.length ? ['self', paystackOrigins[0]!] : [],
        fullscreen: ['self'],
      },
    });
  // The security headers as a plain record, read once from what secureHeaders() sets (one variant
  // with HSTS for https, one without): written with each envelope by sendJson in one go
  // (decision 065), and by secureHeaders() itself on every other answer (pages, files, media).
  const noop = async () => undefined;
  type Secure = { middleware: ReturnType<typeof headersFor>; record: Record<string, string> };
  const secureOf = async (https: boolean): Promise<Secure> => {
    const middleware = headersFor(https);
    const probe = { res: { headers: new Headers() } } as unknown as Parameters<typeof middleware>[0];
    await middleware(probe, noop);
    return { middleware, record: Object.fromEntries(probe.res.headers) };
  };
  // Created on first use: the CSP needs the inline-script hashes known once the apps are registered.
  const secureFor: Record<'https' | 'http', { pending: Promise<Secure> | null; ready: Secure | null }> = {
    https: { pending: null, ready: null },
    http: { pending: null, ready: null },
  };
  const secureVariant = async (https: boolean): Promise<Secure> => {
    const variant = secureFor[https ? 'https' : 'http'];
    return (variant.ready ??= await (variant.pending ??= secureOf(https)));
  };
  const noBaseHeaders: Record<string, string> = {};

  // JSON and HTML are compressed per response (static assets come precompressed from the build);
  // envelopes come compressed from sendJson. Mobile data is what learners pay for.
  const compressed = compress();

  // JSON calls are small; multipart calls (a profile picture) may be larger. Each is capped.
  const tooLarge = (c: Parameters<typeof errorResponse>[0]) => errorResponse(c, new AppError(400, CODES.invalid, 'The request is too large.'));
  const jsonLimit = limitBody(JSON_BODY_MAX_BYTES, tooLarge);
  const formLimit = limitBody(3 * 1024 * 1024, tooLarge);
  const formLimits = new Map(
    ALL_ENDPOINTS.filter((e) => e.form).map((e) => [endpointUrl(e), e.maxBodyBytes ? limitBody(e.maxBodyBytes, tooLarge) : formLimit]),
  );
  // Raw bodies (upload chunks) are streamed to disk and capped by their handler as they arrive.
  const rawBodies = new Set(ALL_ENDPOINTS.filter((e) => e.rawBody).map((e) => endpointUrl(e)));

  // Who is calling. An expired, forged or revoked token leaves the caller anonymous: public
  // endpoints proceed, protected ones answer 401 so the client refreshes and retries. A token is
  // revoked when its user's session version moved past the one it carries (decision 084).
  const passwordChangeGate = createPasswordChangeGate(ALL_ENDPOINTS);
  const authenticate = async (c: Context<AppEnv>, next: Next): Promise<Response | void> => {
    const header = requestHeader(c, 'authorization');
    if (header?.startsWith('Bearer ')) {
      const now = clock.now();
      let verdict = await tokens.verify(header.slice(7).trim(), now);
      if (verdict && verdict !== 'expired') {
        const known = sessionVersions.current(verdict.userId, now.getTime());
        const current = typeof known === 'number' || known === null ? known : await known;
        if (current !== verdict.sessionVersion) {
          c.set('tokenRevoked', true);
          verdict = null;
        }
      }
      if (verdict === 'expired') c.set('tokenExpired', true);
      else if (verdict?.passwordChangeRequired) {
        const gate = passwordChangeGate(c.req.method, c.req.path);
        if (gate === 'refuse') return errorResponse(c, new AppError(403, CODES.forbidden, MESSAGES.passwordChangeRequired));
        if (gate === 'allow') c.set('caller', verdict);
      } else if (verdict) c.set('caller', verdict);
    }
    await next();
  };

  // One middleware in front of every route (decision 065; it was five, each a step of Hono's
  // chain): the request id, the client address, the security headers, compression, the body cap
  // and the caller of an API call, then one log line per API request.
  app.use(async (c, next) => {
    const requestId = requestHeader(c, 'x-request-id')?.slice(0, 64) || crypto.randomUUID();
    const started = performance.now();
    const path = c.req.path;
    const method = c.req.method;
    c.set('requestId', requestId);
    c.set('ip', resolveClientIp(c, config.trustProxy));
    c.set('rootLog', log);
    c.set('caller', null);
    // A header set on the context (a cookie) must reach the envelope: sendJson then builds it
    // through c.body(), which merges them (send-json.ts).
    const setHeader = c.header;
    c.header = ((...args: Parameters<typeof setHeader>) => {
      c.set('headerSet', true);
      setHeader(...args);
    }) as typeof setHeader;
    // Signed lesson media sets its own headers: lesson packages must be framable by the learner app.
    const media = path.startsWith('/media/c/');
    let secure: Secure | null = null;
    if (!media) {
      const https = config.publicUrl.startsWith('https://') || (config.trustProxy && requestHeader(c, 'x-forwarded-proto') === 'https');
      secure = secureFor[https ? 'https' : 'http'].ready ?? (await secureVariant(https));
    }
    c.set('baseHeaders', secure ? secure.record : noBaseHeaders);
    const api = path.startsWith('/api/');
    let early: Response | void = undefined;
    if (!api) await next();
    // A GET or HEAD has no body to cap; asking the request for one would build a WHATWG Request
    // from Node's (headers, an abort signal, a stream) for nothing (docs/decisions/062).
    else if (method === 'GET' || method === 'HEAD' || rawBodies.has(path)) early = await authenticate(c, next);
    else early = await (formLimits.get(path) ?? jsonLimit)(c, () => authenticate(c, next).then((res) => void (res && (c.res = res))));
    if (early) c.res = early;
    // An audited change of the catalogue: no process serves the old answers from its caches (decision 054).
    const audited = c.get('audited');
    if (audited && c.res.status < 400 && changesCatalogue(audited)) caches.changed('catalogue');
    // A change that raised session versions: no process keeps the old ones (decision 084).
    if (c.res.status < 400 && api && revokingPaths.has(path)) sessionVersions.changed();
    // An envelope from sendJson is finished: compressed, secured and identified already.
    if (!isFinished(c.res)) {
      await compressed(c, noop);
      if (secure) await secure.middleware(c, noop);
      // On the finished response's headers: c.header() now would rebuild the response around a
      // stream of its body (docs/decisions/062).
      try {
        c.res.headers.set('x-request-id', requestId);
      } catch {
        // A response with immutable headers (none today) is rebuilt.
        c.header('x-request-id', requestId);
      }
    }
    if (api) {
      log.info({ requestId, method, path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
    }
  });

  app.get('/api/health', async (c) => {
    try {
      await database.ping();
      // Without ffmpeg the server still serves everything; uploaded videos fail their processing.
      const media = { ffmpeg: await ffmpeg.available() };
      return c.json({ success: true, description: 'ok', data: { status: 'ok', database: { kind: database.kind, status: 'up' }, payments: paymentProvider, media }, code: CODES.ok });
    } catch (error) {
      log.error({ err: error }, 'health check: database down');
      return c.json({ success: false, description: 'Database unreachable', data: { status: 'degraded', database: { kind: database.kind, status: 'down' }, payments: paymentProvider }, code: CODES.serverError }, 503);
    }
  });

  const openApi = buildOpenApiDocument();
  app.get('/api/openapi.json', (c) => c.json(openApi));
  const docsHtml = renderDocsPage(openApi);
  app.get('/api/docs', (c) => c.html(docsHtml));

  const service = createAuthenticationService({
    repo: createAuthenticationRepository(db),
    tokens,
    clock,
    mailer,
    background,
    log,
    publicUrl: config.publicUrl,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    limits: {
      signIn: createSignInGuard({
        perIp: createRateLimiter(limiterOf('signin-ip', rl.signInPerIp, rl.windowSeconds)),
        perAccountIp: createRateLimiter(limiterOf('signin-account-ip', rl.signInPerAccount, rl.windowSeconds)),
        // Counts without refusing: an account's failures from every address only slow it down.
        perAccount: createFailureCounter(limiterOf('signin-account', Number.MAX_SAFE_INTEGER, rl.windowSeconds)),
        freeFailures: rl.signInPerAccount,
        maxDelayMs: rl.signInMaxDelaySeconds * 1000,
        wait: deps.wait ?? realWait,
      }),
      register: createRateLimiter(limiterOf('register-ip', rl.registerPerIp, rl.windowSeconds)),
      forgot: createRateLimiter(limiterOf('forgot', rl.forgotPerIp, rl.windowSeconds)),
      forgotMailIntervalMs: rl.forgotMailIntervalSeconds * 1000,
    },
    pictures: createProfilePictureStore(storage),
  });
  // Shared, repeat-safe reads answer 304 to a phone or proxy that already holds them (decision 055).
  registerValidators(app, [reference.listCountries, reference.listCourseCategories, reference.listLanguages, course.summaryByCategory, course.getCourseById, course.institutionCourses]);
  registerAuthenticationRoutes(app, { service, db, secureCookies: config.secureCookies });
  registerReferenceRoutes(app, createReferenceService({ repo: createReferenceRepository(db) }));
  const paymentRepo = createPaymentRepository(db);
  const paystack = config.payments.paystack;
  const payments = createPaymentService({
    repo: paymentRepo,
    provider: paystack
      ? createPaystackProvider(paystack)
      : createSandboxProvider({
          lookup: async (reference) => {
            const row = await paymentRepo.byReference(reference);
            return row && { outcome: row.sandboxOutcome, amountKobo: row.amountKobo, currency: row.currency, at: row.updatedAt };
          },
        }),
    clock,
    log,
    rates: config.payments.rates,
    discountHoldMinutes: config.payments.discountHoldMinutes,
    publicUrl: config.publicUrl,
    codeAttempts: createRateLimiter(limiterOf('discount-code', rl.discountCodesPerUser, rl.windowSeconds)),
    mailer,
    background,
  });
  registerPaymentRoutes(app, payments, { paystackSecretKey: paystack?.secretKey ?? null });
  // Payments nobody settled (tab closed, webhook lost) are verified with the provider every 5
  // minutes, by one process of however many (decision 054).
  jobs.work(
    RECONCILE_JOB,
    {
      async run() {
        const { checked, settled } = await payments.reconcile();
        if (checked) log.info({ checked, settled }, 'payments reconciled');
      },
    },
    { retryLimit: 0, expireInSeconds: 240, deleteAfterSeconds: 24 * 3600 },
  );
  jobs.every(RECONCILE_JOB, '*/5 * * * *');
  // What the privacy notice promises (decision 019): spent sign-in records, reset links and e-mail
  // copies are purged once their time is up, daily (and at each start, main.ts).
  const retention = createRetentionRepository(db);
  jobs.work(
    PURGE_JOB,
    {
      async run() {
        log.info(await retention.purgeExpired(clock.now()), 'expired records purged');
      },
    },
    { retryLimit: 2, deleteAfterSeconds: 7 * 24 * 3600 },
  );
  jobs.every(PURGE_JOB, '17 2 * * *');
  const courseService = createCourseService({ repo: createCourseRepository(db), clock, searchCacheMs: deps.searchCacheMs, enrolWithCode: payments.enrolWithCode, caches });
  registerCourseRoutes(app, courseService, {
    searchCacheMs: deps.searchCacheMs ?? 30_000,
    caches,
    protection: {
      limiter: createRateLimiter(limiterOf('search', rl.searchesPerMinute, 60)),
      // One database connection on PGlite: queued searches would only wait there, ahead of everyone.
      concurrency: database.kind === 'pglite' ? 1 : 4,
      queue: 16,
    },
  });
  registerInstitutionRoutes(
    app,
    createInstitutionService({ repo: createInstitutionRepository(db), clock }),
    createPartnersService({
      repo: createPartnerRepository(db),
      clock,
      images: createPartnerImageStore(storage),
      mailer,
      background,
      publicUrl: config.publicUrl,
      log,
    }),
  );
  registerRolesRoutes(app, createRolesService({ repo: createRolesRepository(db) }));
  registerPlatformRoutes(app, createPlatformService({ repo: createPlatformRepository(db) }));
  registerPrivacyRoutes(app, createPrivacyService({ repo: createPrivacyRepository(db), clock }));
  registerCourseCategoryRoutes(app, createCourseCategoriesService({ repo: createCourseCategoriesRepository(db) }));
  // Send Test Email renders the form itself: it goes straight to the mailer, not through a template.
  registerEmailTemplateRoutes(app, createEmailTemplatesService({ repo: emailTemplatesRepo, clock, mailer: deps.mailer, testMails: createRateLimiter(limiterOf('test-mail', TEST_MAILS_PER_HOUR, 3600)) }));
  registerInAppNotificationRoutes(app, createInAppNotificationsService({ repo: createInAppNotificationsRepository(db), clock }));
  registerRevenueRoutes(app, createRevenueService({ repo: createRevenueRepository(db) }));
  registerReportRoutes(app, createReportsService({ repo: createReportsRepository(db), revenue: createRevenueReportsRepository(db), surveys: createSurveyReportRepository(db) }));
  registerPageViewRoutes(app, { repo: createPageViewsRepository(db), clock, limiter: createRateLimiter(limiterOf('page-views', PAGE_VIEWS_PER_MINUTE, 60)) });
  registerDiscountRoutes(app, createDiscountService({ repo: createDiscountRepository(db), clock }));
  registerSignatureRoutes(app, createSignaturesService({ repo: createSignaturesRepository(db), images: createSignatureImageStore(storage) }));
  registerWorkflowRoutes(app, createWorkflowsService({ repo: createWorkflowsRepository(db) }));
  registerInstructorRoutes(app, createInstructorsService({ repo: createInstructorsRepository(db) }));
  registerUsersRoutes(
    app,
    createUsersService({
      repo: createUsersRepository(db, { studentRoleId: STUDENT_ROLE_ID, superAdminRoleId: SUPER_ADMIN_ROLE_ID }),
      clock,
      mailer,
      background,
      log,
      publicUrl: config.publicUrl,
    }),
  );
  const uploadLimits = config.uploads ?? DEFAULT_UPLOAD_LIMITS;
  const courseImages = createCourseImageStores(storage);
  const promoVideos = createPromoVideoStore(storage);
  const courseFiles = createCourseFileSweeper({ images: courseImages, promo: promoVideos, inUse: (urls) => referencedCourseFiles(db, urls), log });
  const authoring = createAuthoringService({
    repo: createAuthoringRepository(db),
    clock,
    images: courseImages,
    promo: promoVideos,
    promoVideoMaxBytes: uploadLimits.promoVideoMaxBytes ?? DEFAULT_UPLOAD_LIMITS.promoVideoMaxBytes!,
    files: courseFiles,
  });
  registerAuthoringRoutes(app, authoring);
  const curriculumRepo = createCurriculumRepository(db);
  const submission = createSubmissionService({ repo: createAuthoringRepository(db), curriculum: curriculumRepo, clock, rates: config.payments.rates, editable: authoring.editable });
  registerCurriculumRoutes(app, createCurriculumService({ repo: curriculumRepo, clock, reachable: authoring.reachable, editable: authoring.editable, submission }));
  registerPricingRoutes(app, submission);
  registerSurveyStepRoutes(app, createSurveyStepService({ surveys: createSurveyRepository(db), courses: createAuthoringRepository(db), clock, editable: authoring.editable, submission }));
  registerManageSurveyRoutes(app, createManageSurveyService({ surveys: createSurveyRepository(db), clock }));
  registerReviewRoutes(app, createReviewService({ repo: createReviewRepository(db), clock, mailer, background, publicUrl: config.publicUrl, files: courseFiles }));
  registerManageCourseRoutes(app, createManageCourseService({ repo: createManageCourseRepository(db), clock }));
  registerDashboardRoutes(app, createDashboardService({ repo: createDashboardRepository(db), clock }));
  registerGettingStartedRoutes(app, createGettingStartedService({ repo: createGettingStartedRepository(db) }));
  registerCourseInsightsRoutes(app, createCourseInsightsService({ repo: createCourseInsightsRepository(db), clock }));
  const uploads = createUploadStore(storage, uploadLimits);
  const libraryRepo = createContentLibraryRepository(db);
  const mediaProcessing = createMediaProcessing({
    repo: libraryRepo,
    jobs,
    ffmpeg,
    storage,
    workDir: join(config.dataDir, 'cache', 'work'),
    packageCacheDir: join(config.dataDir, 'cache', 'packages'),
    ...(mediaConfig.packages ? { packageLimits: mediaConfig.packages } : {}),
    timeoutSeconds: mediaConfig.timeoutSeconds,
    clock,
    log,
  });
  registerContentLibraryRoutes(app, createContentLibraryService({ repo: libraryRepo, store: uploads, limits: uploadLimits, processing: mediaProcessing }));
  // Lesson media is signed per learner with a key derived from (not equal to) the token secret.
  const media = createMediaSigner(`${config.jwtSecret}:media`);
  registerPreviewRoutes(app, createPreviewService({ repo: createPreviewRepository(db), clock, media }));
  registerRevisionChangesRoutes(app, createRevisionChangesService({ repo: createRevisionChangesRepository(db) }));
  const learningRepo = createLearningRepository(db);
  const events = createLearnerEvents({ repo: createLearnerEventsRepository(db), learning: learningRepo, clock, caches });
  registerLearningRoutes(app, { service: createLearningService({ repo: learningRepo, clock, media, offline: createOfflineMedia(media), events }), events });
  registerCertificateRoutes(app, {
    service: createCertificateService({ repo: createCertificateRepository(db), clock, publicUrl: config.publicUrl }),
    images: createImageLoader(storage),
  });

  app.all('/api/*', (c) => errorResponse(c, new AppError(404, CODES.notFound, `No such endpoint: ${c.req.method} ${c.req.path}`)));

  registerSecureMedia(app, { db, signer: media, dataDir: config.dataDir, storage, clock, ...(mediaConfig.packages ? { packageLimits: mediaConfig.packages } : {}) });
  registerMedia(app, storage);
  staticApps.scriptHashes = registerStaticApps(
    app,
    config.staticDir,
    { externalLoginUrl: config.externalLoginUrl, instructorSignupUrl: config.instructorSignupUrl },
    { lcpImage: createLcpImages(courseService), ssrDir: join(config.staticDir, 'learner-ssr'), log, caches },
  ).scriptHashes;

  app.onError((error, c) => {
    if (error instanceof AppError) return errorResponse(c, error);
    // The database restarting or failing over is a moment's outage, not a bug: 503 and a retry
    // hint, so phones keep their outbox and retry (decision 064), and the log says what it was.
    if (isDatabaseUnavailable(error)) {
      requestLog(c).warn({ err: error }, 'database unavailable');
      return errorResponse(c, new AppError(503, CODES.unavailable, DATABASE_UNAVAILABLE, [], { 'retry-after': '5' }));
    }
    requestLog(c).error({ err: error }, 'unhandled error');
    return errorResponse(c, new AppError(500, CODES.serverError, 'Something went wrong on our side. Please try again.'));
  });

  return {
    app,
    jobs,
    ffmpeg,
    /** Starts the job workers and enqueues library files still waiting for processing (main.ts). */
    startJobs: async () => {
      await jobs.start();
      return mediaProcessing.enqueueMissing();
    },
    mediaProcessing,
    /** Background work a request started, and the mail it queued, done (tests). */
    idle: async () => {
      await background.idle();
      if (queuedMailer.queuedAny()) await jobs.drain([MAIL_JOB]);
    },
    reconcilePayments: () => payments.reconcile(), sweepUploads: (now?: number) => uploads.sweep(now) };
}
