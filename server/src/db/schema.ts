// The database schema. Migrations in server/drizzle/ are generated from this file by drizzle-kit
// (`npm run db:generate`) and applied at start-up; `npm run db:check` fails when they drift.

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  jsonb,
  index,
  type AnyPgColumn,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  groupingName: text('grouping_name').notNull(),
  userTypeName: text('user_type_name').notNull(),
});

// Names and codes staff type are unique whatever their case, and the database says so (decision
// 082): unique indexes on lower(...), so two saves at once cannot both pass a service's check.
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** 0 platform (Rivet), 1 partner institution. */
    roleType: smallint('role_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_name_key').on(sql`lower(${t.name})`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  countryName: text('country_name').notNull(),
  code1: text('code1').notNull().unique(),
});

export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

export const courseCategories = pgTable(
  'course_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('course_categories_name_key').on(sql`lower(${t.name})`), uniqueIndex('course_categories_code_key').on(sql`lower(${t.code})`)],
);

/** Nigerian banks (CBN/NIBSS codes) for partners' and platform parties' settlement accounts. */
export const banks = pgTable('banks', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The CBN / NIBSS bank code, as payment providers list it. */
  code: text('code').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    /** Short name. */
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    code: text('code').notNull(),
    /** 1 Government, 2 NonProfitOrganization, 3 Others. */
    institutionType: smallint('institution_type').notNull().default(3),
    /** The platform owner's own record; its staff use platform (Rivet) roles. */
    isPlatform: boolean('is_platform').notNull().default(false),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    website: text('website'),
    address: text('address'),
    countryCode: text('country_code'),
    overview: text('overview'),
    logoUrl: text('logo_url'),
    thumbnailUrl: text('thumbnail_url'),
    bannerUrl: text('banner_url'),
    certificateLogoUrl: text('certificate_logo_url'),
    bankId: integer('bank_id').references(() => banks.id),
    /** A 10-digit NUBAN. */
    accountNumber: text('account_number'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('institutions_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('institutions_code_key').on(sql`lower(${t.code})`),
    uniqueIndex('institutions_email_key').on(sql`lower(${t.email})`),
  ],
);

/**
 * A partner's instructors, offered by the course wizard's Instructor Name dropdown (spec 001 §7
 * Instructor/List). A course keeps the chosen name (courses.instructor_name), which learners read.
 */
export const instructors = pgTable(
  'instructors',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('instructors_institution_name_key').on(t.institutionId, sql`lower(${t.name})`)],
);

/**
 * Manage Platform (spec 002 §2.4, §7 Partner/*): the parties the platform itself settles with — a
 * name and the bank account its share is paid into. Partner institutions keep theirs on their row.
 */
export const platformPartners = pgTable('platform_partners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  bankId: integer('bank_id')
    .notNull()
    .references(() => banks.id),
  /** A 10-digit NUBAN. */
  accountNumber: text('account_number').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; a learner's user name is their e-mail. */
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id').notNull().references(() => roles.id),
    institutionId: integer('institution_id').references(() => institutions.id),
    isActive: boolean('is_active').notNull().default(true),
    /** Staff created by someone else must choose their own password on first sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The learner deleted their account: personal data is anonymised, the row stays for financial records. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Raised whenever what the user's access tokens say stops being true (deactivated, role changed,
     * their role's permissions or status changed): a token carrying an older version is refused at
     * once instead of at its expiry (issue 29).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(t.userName),
    uniqueIndex('users_email_key').on(t.email),
    index('users_institution_idx').on(t.institutionId),
    // Manage Registered Users: learners, newest first (decision 051).
    index('users_role_created_idx').on(t.roleId, t.createdAt, t.id),
    // Report searches match names and e-mails anywhere in them (ILIKE '%…%'): trigram indexes (decision 061).
    index('users_full_name_trgm_idx').using('gin', sql`trim(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const studentProfiles = pgTable('student_profiles', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  age: text('age'),
  countryCode: text('country_code'),
  organization: text('organization'),
  jobTitle: text('job_title'),
  profilePixUrl: text('profile_pix_url'),
  facebook: text('facebook'),
  twitter: text('twitter'),
  youtube: text('youtube'),
  linkedin: text('linkedin'),
});

export const staffProfiles = pgTable('staff_profiles', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  address1: text('address1'),
  address2: text('address2'),
  profilePixUrl: text('profile_pix_url'),
  headline: text('headline'),
  biography: text('biography'),
  website: text('website'),
  twitter: text('twitter'),
  youtube: text('youtube'),
  facebook: text('facebook'),
  linkedin: text('linkedin'),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Every rotation stays in the family of the sign-in that started it; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    app: text('app').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  /** What the message is (password-reset, payment-receipt): its secrets are never here. */
  template: text('template').notNull().default('other'),
  subject: text('subject').notNull(),
  /** The body with its secrets (a reset link's token) hidden: they go only into the e-mail itself. */
  text: text('text').notNull(),
  html: text('html'),
  /** not-sent (no SMTP configured), sent, failed. */
  status: text('status').notNull(),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export const auditTrail = pgTable(
  'audit_trail',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    institutionId: integer('institution_id'),
    ipAddress: text('ip_address'),
    moduleName: text('module_name').notNull(),
    moduleAction: text('module_action').notNull(),
    record: text('record'),
    description: text('description').notNull(),
    browser: text('browser'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_trail_created_idx').on(t.createdAt),
    // The Audit Trail's search (decision 061): one trigram index serves each column of its OR.
    index('audit_trail_search_trgm_idx').using(
      'gin',
      sql`${t.userName} gin_trgm_ops`,
      sql`${t.description} gin_trgm_ops`,
      sql`${t.record} gin_trgm_ops`,
      sql`${t.moduleName} gin_trgm_ops`,
      sql`${t.moduleAction} gin_trgm_ops`,
    ),
  ],
);


const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** End-of-course surveys (authored in the configuration area, assigned to courses). */
export const surveys = pgTable('surveys', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  draft: boolean('draft').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    /** 1 single choice, 2 free text, 3 numeric rating. */
    questionType: smallint('question_type').notNull(),
  },
  (t) => [index('survey_questions_survey_idx').on(t.surveyId, t.position)],
);

export const surveyQuestionOptions = pgTable(
  'survey_question_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull().references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    option: text('option').notNull().default(''),
    /** Rating questions: the scale (defaults 0, 10, 1 when null). */
    minValue: integer('min_value'),
    maxValue: integer('max_value'),
    step: integer('step'),
  },
  (t) => [index('survey_question_options_question_idx').on(t.questionId, t.position)],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    courseCategoryId: integer('course_category_id').notNull().references(() => courseCategories.id),
    /** Null only while a draft: Additional Information sets it (check courses_published_complete). */
    languageId: integer('language_id').references(() => languages.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    headline: text('headline'),
    /** Rich text (sanitised HTML). */
    overview: text('overview'),
    objectives: text('objectives'),
    /** 1 Self Paced, 2 Instructor Paced. */
    courseType: smallint('course_type').notNull().default(1),
    /** 1 Beginner, 2 Intermediate, 3 Advanced; null only while a draft. */
    courseLevel: smallint('course_level'),
    effort: text('effort'),
    instructorName: text('instructor_name'),
    startDate: timestamp('start_date', { withTimezone: true }),
    isPaid: boolean('is_paid').notNull().default(false),
    /** Money in kobo. price = base + VAT + gateway charge, fixed when pricing is approved. */
    basePriceKobo: integer('base_price_kobo').notNull().default(0),
    vatKobo: integer('vat_kobo').notNull().default(0),
    gatewayChargeKobo: integer('gateway_charge_kobo').notNull().default(0),
    priceKobo: integer('price_kobo').notNull().default(0),
    hasSurvey: boolean('has_survey').notNull().default(false),
    surveyId: integer('survey_id').references(() => surveys.id, { onDelete: 'set null' }),
    thumbnailUrl: text('thumbnail_url'),
    bannerUrl: text('banner_url'),
    promoVideoUrl: text('promo_video_url'),
    /** Featured on the learner landing page. */
    promote: boolean('promote').notNull().default(false),
    /** 1 pending review, 2 approved, 3 rejected, 4 pending QA. */
    approvalStatus: smallint('approval_status').notNull().default(1),
    draft: boolean('draft').notNull().default(true),
    /** Who last submitted the course for review, and when (decision 032); null while never submitted. */
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * Separation of duties (issue 28): who created the course and who last saved any of it (a
     * wizard step, the curriculum, the survey, the price, a submission). Neither may approve it.
     */
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    editedByUserId: uuid('edited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Review (docs/decisions/037): while pending partner review (status 1), the 0-based workflow
     * level it waits at and who has approved at that level so far.
     */
    reviewLevel: smallint('review_level').notNull().default(0),
    reviewApprovedBy: uuid('review_approved_by').array().notNull().default(sql`'{}'::uuid[]`),
    /** The revenue formula QA approved the course with: what each sale is split by (decision 038). */
    revenueFormulaId: integer('revenue_formula_id').references((): AnyPgColumn => revenueFormulas.id),
    /**
     * A formula that did not name the course's own partner, taken off the course by migration 0024
     * (issue 28) so no sale pays another partner; QA re-picks one. Null once re-picked, or never set.
     */
    revenueFormulaRepickFromId: integer('revenue_formula_repick_from_id').references((): AnyPgColumn => revenueFormulas.id),
    stepNo: smallint('step_no').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    publishDate: timestamp('publish_date', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    /**
     * Set on a revision (decision 048): a draft copy of this published course that goes through
     * review while learners keep the published one, and replaces its content when QA approves it
     * (the revision row is then deleted). At most one revision per course at a time.
     */
    revisionOfCourseId: integer('revision_of_course_id').references((): AnyPgColumn => courses.id, { onDelete: 'cascade' }),
    /** Title, headline, description, category and partner names: what free-text search reads. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(search_text, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // fastupdate off (migration 0023, decision 065): courses are written rarely and searched
    // constantly; a pending list of new entries is scanned by every search until a vacuum.
    index('courses_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('courses_institution_idx').on(t.institutionId),
    index('courses_category_idx').on(t.courseCategoryId),
    index('courses_listing_idx').on(t.approvalStatus, t.draft, t.isActive, t.publishDate),
    // Report searches by course title (decision 061).
    index('courses_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    uniqueIndex('courses_revision_of_key').on(t.revisionOfCourseId),
    // A draft is filled in step by step; a course leaving the draft state has everything learners read.
    check('courses_published_complete', sql`${t.draft} OR (${t.languageId} IS NOT NULL AND ${t.courseLevel} IS NOT NULL)`),
    check('courses_course_level_range', sql`${t.courseLevel} IS NULL OR ${t.courseLevel} BETWEEN 1 AND 3`),
    check('courses_step_no_range', sql`${t.stepNo} BETWEEN 1 AND 5`),
  ],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** In a revision (decision 048): the published course's module this one is a copy of. */
    originId: integer('origin_id').references((): AnyPgColumn => courseModules.id, { onDelete: 'set null' }),
  },
  (t) => [index('course_modules_course_idx').on(t.courseId, t.position)],
);

/** A module's items, which the spec also calls sections. */
export const courseSections = pgTable(
  'course_sections',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id').notNull().references(() => courseModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** In a revision (decision 048): the published section this one is a copy of; approval keeps that section's id. */
    originId: integer('origin_id').references((): AnyPgColumn => courseSections.id, { onDelete: 'set null' }),
  },
  (t) => [index('course_sections_module_idx').on(t.moduleId, t.position)],
);

export const courseAssets = pgTable(
  'course_assets',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id').notNull().references(() => courseSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** 0 audio, 1 image, 2 video, 3 article, 4 quiz, 5 compressed video. */
    assetType: smallint('asset_type').notNull(),
    title: text('title').notNull(),
    /** Media location (served only to enrolled learners); null for articles and quizzes. */
    url: text('url'),
    /** Article body (sanitised HTML). */
    body: text('body'),
    /** Quiz settings and questions: { name, description, timed, duration, pointPerQuestion, passMark, randomize, requiredNextModule, data: [...] }. */
    quiz: jsonb('quiz'),
    /** Seconds for audio and video; minutes of reading for articles. */
    duration: integer('duration'),
    /** Images: the author's description for learners who cannot see it (never the file name). */
    altText: text('alt_text'),
    /** In a revision (decision 048): the published asset this one is a copy of. */
    originId: integer('origin_id').references((): AnyPgColumn => courseAssets.id, { onDelete: 'set null' }),
  },
  (t) => [index('course_assets_section_idx').on(t.sectionId, t.position)],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id),
    /** free or payment. */
    source: text('source').notNull(),
    amountPaidKobo: integer('amount_paid_kobo').notNull().default(0),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    /** Module and section ids where the learner last was; `positionAt` is the client time that set them (latest wins). */
    currentModule: integer('current_module'),
    currentSection: integer('current_section'),
    positionAt: timestamp('position_at', { withTimezone: true }),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
    /** Set once, when every section is complete; never cleared. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_key').on(t.userId, t.courseId),
    index('enrollments_course_idx').on(t.courseId),
    // The dashboard's figures (decision 052) read these by index alone: a partner's by course, the
    // platform's by enrolment month and by last visit.
    index('enrollments_course_learners_idx').on(t.courseId, t.userId, t.enrolledAt, t.lastVisitedAt),
    index('enrollments_enrolled_idx').on(t.enrolledAt, t.userId),
    index('enrollments_last_visit_idx').on(t.lastVisitedAt, t.userId),
  ],
);

/**
 * Every distinct word of the courses' search text, kept by a trigger on courses. Search corrects
 * a misspelt query word to its nearest words here (trigram similarity), then matches courses
 * through the full-text index only, which stays fast however many courses there are.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  // fastupdate off, as the courses' search index (migration 0023, decision 065).
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false })],
);

/**
 * Every learner event the server has applied (progress, quiz attempt, survey response), by the
 * client's event id: a replay finds its id here and changes nothing. The offline outbox relies on it.
 */
/**
 * Every learner event applied, by the learner's own id for it (eventId). Keyed per learner: ids
 * are made on phones, so another learner's id (guessed, copied, or a clash) must never make this
 * learner's event a duplicate.
 */
export const learnerEvents = pgTable(
  'learner_events',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id),
    /** progress, quiz, survey. */
    kind: text('kind').notNull(),
    clientTime: timestamp('client_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('learner_events_user_course_idx').on(t.userId, t.courseId),
    // The admin course detail's views and active students: one course's events in a time window (decision 045).
    index('learner_events_course_time_idx').on(t.courseId, t.clientTime),
  ],
);

/** One row per learner and section they have touched: completion (never reverts) and video position. */
export const sectionProgress = pgTable(
  'section_progress',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').notNull().references(() => courseSections.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    secondsWatched: integer('seconds_watched').notNull().default(0),
    /** Client time of the event that set secondsWatched (latest wins). */
    positionAt: timestamp('position_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectionId] }), index('section_progress_user_course_idx').on(t.userId, t.courseId)],
);

/** Every quiz attempt, scored by the server from the submitted answers; its id is the learner's event id (keyed per learner, as learner_events). */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id),
    assetId: integer('asset_id').notNull().references(() => courseAssets.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    clientTime: timestamp('client_time', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('quiz_attempts_user_asset_idx').on(t.userId, t.assetId)],
);

/** A learner's answers to a course's survey: one per learner and course. */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey(),
    surveyId: integer('survey_id').notNull().references(() => surveys.id),
    courseId: integer('course_id').notNull().references(() => courses.id),
    /** Kept to allow one response per learner; reports show responses without it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_responses_user_course_key').on(t.userId, t.courseId), index('survey_responses_survey_idx').on(t.surveyId)],
);

export const surveyResponseAnswers = pgTable(
  'survey_response_answers',
  {
    id: serial('id').primaryKey(),
    responseId: uuid('response_id').notNull().references(() => surveyResponses.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull().references(() => surveyQuestions.id),
    optionId: integer('option_id').references(() => surveyQuestionOptions.id),
    answer: text('answer').notNull().default(''),
  },
  (t) => [index('survey_response_answers_response_idx').on(t.responseId)],
);

/** A partner's signatories, printed on its certificates while active. */
export const certificateSignatures = pgTable(
  'certificate_signatures',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull(),
    signatureUrl: text('signature_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('certificate_signatures_institution_idx').on(t.institutionId)],
);

/**
 * Issued certificates. The id is random and public (printed, in the QR code, on the verification
 * page). Names are copied at issue so the certificate stays as issued; deleting an account clears
 * the name and withdraws it.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').notNull().references(() => courses.id),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    learnerName: text('learner_name'),
    courseTitle: text('course_title').notNull(),
    institutionName: text('institution_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId)],
);

/**
 * Discount coupons (admin spec 2.7). Money in kobo; a percentage is a whole number up to 100.
 * `usageCount` counts completed uses; payments in progress hold a use through their pending
 * transaction (payment_transactions.discount_held_until), so a last use goes to one payer.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    /** The partner whose courses it covers; null covers every partner's courses. */
    institutionId: integer('institution_id').references(() => institutions.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** 1 default (one code), 2 advanced (a bulk list of codes, each redeemable once). */
    discountType: smallint('discount_type').notNull().default(1),
    /** 1 flat (amount in kobo), 2 percentage (amount in whole percent, at most 100). */
    chargeType: smallint('charge_type').notNull(),
    amount: integer('amount').notNull(),
    /** Calendar days in Lagos, inclusive. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** null: unlimited. */
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    allCourses: boolean('all_courses').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('discounts_percentage_max', sql`${t.chargeType} <> 2 OR ${t.amount} <= 100`),
    check('discounts_amount_non_negative', sql`${t.amount} >= 0`),
    check('discounts_usage_within_limit', sql`${t.usageLimit} IS NULL OR ${t.usageCount} <= ${t.usageLimit}`),
    index('discounts_institution_idx').on(t.institutionId),
    // One name per partner whatever its case (issue 29 item 2, decision 082): Manage Discounts lists
    // them by name. Two partners may each have an "Easter" discount; null (every partner) is one scope.
    uniqueIndex('discounts_partner_name_key').on(sql`coalesce(${t.institutionId}, 0)`, sql`lower(${t.name})`),
  ],
);

/** A discount's codes: one for a default discount, many for an advanced (bulk) one. Stored upper case. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    discountId: integer('discount_id').notNull().references(() => discounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Bulk codes are single use: when it was redeemed, and by whom. */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // Stored upper case (the check), so the plain unique index checkout looks codes up by is case-blind too.
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    index('discount_codes_discount_idx').on(t.discountId),
    check('discount_codes_code_upper', sql`${t.code} = upper(${t.code})`),
  ],
);

/** The courses a discount covers when it does not cover all of them. */
export const discountCourses = pgTable(
  'discount_courses',
  {
    discountId: integer('discount_id').notNull().references(() => discounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.courseId] })],
);

/**
 * One attempt to pay for a course. Status 0 pending, 1 successful, 2 failed (admin spec). The
 * amounts are fixed when the payment starts: what the provider must confirm, and what the reports
 * add up. A successful transaction is never changed again.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').notNull().references(() => courses.id),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    status: smallint('status').notNull().default(0),
    /** paystack, sandbox, or none (a code took the whole price off). */
    provider: text('provider').notNull(),
    email: text('email').notNull(),
    currency: text('currency').notNull().default('NGN'),
    basePriceKobo: integer('base_price_kobo').notNull(),
    discountKobo: integer('discount_kobo').notNull().default(0),
    vatKobo: integer('vat_kobo').notNull(),
    gatewayChargeKobo: integer('gateway_charge_kobo').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    discountId: integer('discount_id').references(() => discounts.id),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountCode: text('discount_code'),
    /** While pending, the discount use is held for this payment until then. */
    discountHeldUntil: timestamp('discount_held_until', { withTimezone: true }),
    paymentChannel: smallint('payment_channel').notNull().default(1),
    accessCode: text('access_code'),
    /** The provider's own id and channel (card, bank, ussd …), from verification. */
    providerTransactionId: text('provider_transaction_id'),
    channel: text('channel'),
    /** The provider's answer when it refused or could not be matched. */
    failureReason: text('failure_reason'),
    /** Sandbox only: the outcome chosen on the test payment page. */
    sandboxOutcome: text('sandbox_outcome'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_transactions_reference_key').on(t.reference),
    index('payment_transactions_user_course_idx').on(t.userId, t.courseId),
    index('payment_transactions_course_status_idx').on(t.courseId, t.status),
    index('payment_transactions_discount_held_idx').on(t.discountId, t.status),
    index('payment_transactions_code_held_idx').on(t.discountCodeId, t.status),
    // Reconciliation looks for pending payments by age every few minutes: only pending rows are indexed.
    index('payment_transactions_pending_idx').on(t.createdAt).where(sql`${t.status} = 0`),
    // Report pages (decision 051): payments of one status, newest first, for all or one partner.
    index('payment_transactions_status_id_idx').on(t.status, t.id),
    index('payment_transactions_institution_status_id_idx').on(t.institutionId, t.status, t.id),
    // Course Payment's search matches the e-mail and reference anywhere in them (decision 061).
    index('payment_transactions_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('payment_transactions_reference_trgm_idx').using('gin', sql`${t.reference} gin_trgm_ops`),
  ],
);

/**
 * The content library: files an institution uploaded (chunked, or several at once) for its
 * courses. `storageKey` is what course_assets.url and courses.promo_video_url hold
 * (`content:library/<institutionId>/<uuid>.<ext>`, content-store.ts); the name on disk is the
 * server's, never the uploader's (docs/decisions/030).
 */
export const libraryFiles = pgTable(
  'library_files',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().unique().defaultRandom(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's file name, for display only. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** The asset type it can be used as: 0 audio, 1 image, 2 video, 3 article (pdf), 5 compressed video (zip). */
    fileType: smallint('file_type').notNull(),
    /** Judged from the content (magic bytes), not the name. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    /**
     * Media processing (docs/decisions/033): 'processing' until its job ends, then 'ready' or
     * 'failed' (with processing_error). Files of kinds with nothing to process are 'ready' at once.
     */
    processingState: text('processing_state').notNull().default('ready'),
    processingError: text('processing_error'),
    /** The queue's job id, once the job is enqueued: a 'processing' file without one is enqueued again at start. */
    processingJobId: text('processing_job_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** A video's length, measured by ffprobe. */
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [index('library_files_institution_idx').on(t.institutionId, t.fileType, t.createdAt)],
);

/**
 * A partner's approval workflow for one course category (spec 001 §2.9 "Approval Settings", §7
 * Workflow service; decision 037): its levels in order, each needing a number of approvals from
 * its own users. At most one active workflow per partner and category.
 */
export const approvalWorkflows = pgTable(
  'approval_workflows',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
    courseCategoryId: integer('course_category_id')
      .notNull()
      .references(() => courseCategories.id),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_workflows_institution_idx').on(t.institutionId),
    uniqueIndex('approval_workflows_active_category_key').on(t.institutionId, t.courseCategoryId).where(sql`${t.isActive}`),
  ],
);

export const workflowLevels = pgTable(
  'workflow_levels',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => approvalWorkflows.id, { onDelete: 'cascade' }),
    /** 1-based, in order. */
    levelNo: smallint('level_no').notNull(),
    /** How many of the level's users must approve (spec §9: 1 to 4, never more than its users). */
    approvals: smallint('approvals').notNull(),
  },
  (t) => [uniqueIndex('workflow_levels_workflow_level_key').on(t.workflowId, t.levelNo), check('workflow_levels_approvals_range', sql`${t.approvals} BETWEEN 1 AND 4`)],
);

export const workflowLevelUsers = pgTable(
  'workflow_level_users',
  {
    levelId: integer('level_id')
      .notNull()
      .references(() => workflowLevels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.levelId, t.userId] }), index('workflow_level_users_user_idx').on(t.userId)],
);

/** Every review transition of a course (decision 037): who, from which status to which, and the comment. */
export const courseReviewEvents = pgTable(
  'course_review_events',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** submit, approve, qaApprove, reject, edit. */
    action: text('action').notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    /** The 0-based workflow level acted at, for partner approvals and rejections. */
    level: smallint('level'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('course_review_events_course_idx').on(t.courseId, t.createdAt)],
);

/**
 * Revenue-sharing formulas (spec 002 §2.8, §3, §5; decision 038). A formula in use is never edited
 * in place, so a sale is split by the parties the course was approved with.
 */
export const revenueFormulas = pgTable(
  'revenue_formulas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('revenue_formulas_name_key').on(sql`lower(${t.name})`)],
);

export const revenueFormulaParties = pgTable(
  'revenue_formula_parties',
  {
    id: serial('id').primaryKey(),
    formulaId: integer('formula_id')
      .notNull()
      .references(() => revenueFormulas.id, { onDelete: 'cascade' }),
    /** 1-based; the platform owner is 1. */
    position: smallint('position').notNull(),
    /** 0 Platform Owner, 1 Partner (spec 002 §3 revenuePatnerType). */
    partyType: smallint('party_type').notNull(),
    /** The partner institution; null for the platform owner. */
    institutionId: integer('institution_id').references(() => institutions.id),
    /** Hundredths of a percent: the parties of a formula add up to 10,000. */
    share: integer('share').notNull(),
  },
  (t) => [
    uniqueIndex('revenue_formula_parties_position_key').on(t.formulaId, t.position),
    check('revenue_formula_parties_share_range', sql`${t.share} BETWEEN 0 AND 10000`),
    check('revenue_formula_parties_owner', sql`(${t.partyType} = 0) = (${t.institutionId} IS NULL)`),
  ],
);

/**
 * What each party earns from a successful payment, in kobo (decision 038): the parts add up to the
 * payment's amount less its VAT and gateway charge. Written once, with the payment's completion.
 */
export const paymentSplits = pgTable(
  'payment_splits',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => paymentTransactions.id),
    formulaId: integer('formula_id').references(() => revenueFormulas.id),
    position: smallint('position').notNull(),
    partyType: smallint('party_type').notNull(),
    institutionId: integer('institution_id').references(() => institutions.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_splits_payment_position_key').on(t.paymentId, t.position),
    index('payment_splits_institution_idx').on(t.institutionId, t.createdAt),
    // A party's earnings (the dashboard's Total Revenue) summed from the index alone; null is the platform owner.
    index('payment_splits_institution_amount_idx').on(t.institutionId, t.amountKobo),
  ],
);

/** What an e-mail template is for (spec 001 §3 "emailCategoryId"): account, payment, course review… */
export const emailCategories = pgTable('email_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * E-mail templates staff edit (spec 001 §2.9, §3, §5, §7 Notification service): the messages the
 * platform sends render from the active template of their code; an inactive or missing one falls
 * back to the built-in text. `name` is the subject line; `template` the sanitised HTML body with
 * {{placeholders}}.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    /** The mail the platform sends with it (staff-invitation, password-reset, payment-receipt, course-approved…). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    template: text('template').notNull(),
    emailCategoryId: integer('email_category_id')
      .notNull()
      .references(() => emailCategories.id),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_code_key').on(sql`lower(${t.code})`)],
);

/**
 * In-app notification categories (spec 002 §2.10, §3; docs/decisions/053), added on the fly from
 * the Notification Manager. Category 1 is Maintenance (seeded by the migration): §5 gives it
 * severity and affected features, and learners see it in orange. Names are unique without regard
 * to case, so adding "maintenance" again finds the existing one.
 */
export const inAppNotificationCategories = pgTable(
  'in_app_notification_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('in_app_notification_categories_name_key').on(sql`lower(${t.name})`)],
);

/** The parts of the product a maintenance notification says are affected, added on the fly. */
export const inAppNotificationFeatures = pgTable(
  'in_app_notification_features',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('in_app_notification_features_name_key').on(sql`lower(${t.name})`)],
);

/**
 * In-app notifications: the strip (and optional modal) learners see while the active one's window
 * is open. At most one is active: the partial unique index makes a second activation racing the
 * first fail instead of leaving two.
 */
export const inAppNotifications = pgTable(
  'in_app_notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => inAppNotificationCategories.id),
    /** 1 Low, 2 Medium, 3 High; meaningful for category 1 only. */
    severity: smallint('severity').notNull().default(1),
    stripMessage: text('strip_message').notNull(),
    modalMessage: text('modal_message').notNull().default(''),
    showModal: boolean('show_modal').notNull().default(false),
    showStrip: boolean('show_strip').notNull().default(true),
    isActive: boolean('is_active').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('in_app_notifications_one_active').on(t.isActive).where(sql`${t.isActive}`),
    check('in_app_notifications_window', sql`${t.endDate} > ${t.startDate}`),
    check('in_app_notifications_severity', sql`${t.severity} between 1 and 3`),
  ],
);

export const inAppNotificationFeatureLinks = pgTable(
  'in_app_notification_feature_links',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => inAppNotifications.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => inAppNotificationFeatures.id),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.featureId] })],
);

// ── Report summaries (decision 061) ──
// Kept by triggers (migration 0021) in the transaction that writes the payment, its ledger rows or
// the enrolment, so they are never behind. Days and months are Lagos calendar days, the reports'
// filter unit, so any date filter is a range of whole rows. Tests check each equals the raw sum.

/** Payments started per Lagos day, partner and status: Course Payment's row count. */
export const paymentDayCounts = pgTable(
  'payment_day_counts',
  {
    day: date('day').notNull(),
    institutionId: integer('institution_id').notNull(),
    status: smallint('status').notNull(),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.status, t.day] }), index('payment_day_counts_status_day_idx').on(t.status, t.day)],
);

/** Successful payments per Lagos day (paid) and course, with the ledger's platform and partner parts of them. */
export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day').notNull(),
    courseId: integer('course_id').notNull(),
    institutionId: integer('institution_id').notNull(),
    payments: integer('payments').notNull().default(0),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull().default(0),
    gatewayKobo: bigint('gateway_kobo', { mode: 'number' }).notNull().default(0),
    platformKobo: bigint('platform_kobo', { mode: 'number' }).notNull().default(0),
    partnerKobo: bigint('partner_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.day] }),
    index('sales_days_day_idx').on(t.day),
    // Platform Revenue sums one partner's platform parts over a date range from the index alone.
    index('sales_days_institution_day_idx').on(t.institutionId, t.day, t.platformKobo),
  ],
);

/**
 * Successful payments per Lagos month, per partner and (scope 0) platform-wide, with their distinct
 * learners: Course Revenue Insights over whole months (no dates, no search) reads a row a month.
 */
export const salesMonths = pgTable(
  'sales_months',
  {
    scopeId: integer('scope_id').notNull(),
    month: date('month').notNull(),
    payments: integer('payments').notNull().default(0),
    learners: integer('learners').notNull().default(0),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull().default(0),
    gatewayKobo: bigint('gateway_kobo', { mode: 'number' }).notNull().default(0),
    platformKobo: bigint('platform_kobo', { mode: 'number' }).notNull().default(0),
    partnerKobo: bigint('partner_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.month] })],
);

/** Courses with successful payments, per partner and (0) platform-wide: the insights' course total. */
export const salesCourses = pgTable(
  'sales_courses',
  {
    scopeId: integer('scope_id').notNull(),
    courseId: integer('course_id').notNull(),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.courseId] })],
);

/** The ledger's partner parts per Lagos day (payment paid) and the partner they are owed to. */
export const partnerShareDays = pgTable(
  'partner_share_days',
  {
    day: date('day').notNull(),
    institutionId: integer('institution_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.day] })],
);

/**
 * Learners with a successful payment per Lagos month, per partner and (institution 0) platform-wide,
 * with how many such payments: the distinct learner counts of Course Revenue Insights.
 */
export const salesMonthLearners = pgTable(
  'sales_month_learners',
  {
    month: date('month').notNull(),
    scopeId: integer('scope_id').notNull(),
    userId: uuid('user_id').notNull(),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.month, t.userId] })],
);

/** Learners with a successful payment, per partner and (0) platform-wide, ever: the insights' totals without dates. */
export const salesLearners = pgTable(
  'sales_learners',
  {
    scopeId: integer('scope_id').notNull(),
    userId: uuid('user_id').notNull(),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.userId] })],
);

/** Enrolments per Lagos day and the institution owning the course: the partner reports' enrolled users. */
export const enrolmentDays = pgTable(
  'enrolment_days',
  {
    day: date('day').notNull(),
    institutionId: integer('institution_id').notNull(),
    enrolments: integer('enrolments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.day] })],
);

/**
 * The platform's data-protection settings (Nigeria Data Protection Act 2023): one row. The daily
 * purge reads the retention periods; the learner privacy notice shows the contact.
 */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    id: smallint('id').primaryKey().default(1),
    signInRecordsDays: integer('sign_in_records_days').notNull().default(365),
    resetLinksDays: integer('reset_links_days').notNull().default(1),
    emailCopiesDays: integer('email_copies_days').notNull().default(90),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    contactAddress: text('contact_address'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('privacy_settings_one_row', sql`${t.id} = 1`)],
);

/** Learners' data requests: exports of everything held about them, and account deletions. */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: serial('id').primaryKey(),
    /** 1 export, 2 deletion. */
    kind: smallint('kind').notNull(),
    /** Null once the account is deleted; the subject stays as staff saw it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How staff recognise the request once the account is gone (a masked e-mail address). */
    subject: text('subject').notNull(),
    /** 0 received, 1 completed, 2 failed. */
    status: smallint('status').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('data_requests_requested_idx').on(t.requestedAt)],
);

/**
 * First-party page views, counted per Lagos day, app and route pattern: no cookie, address or
 * user id is ever stored.
 */
export const pageViewDays = pgTable(
  'page_view_days',
  {
    day: date('day').notNull(),
    /** 'learner' or 'admin'. */
    app: text('app').notNull(),
    /** The route pattern (/course/:slug), never the address a user typed. */
    route: text('route').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.app, t.route] })],
);
