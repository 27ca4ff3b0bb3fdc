// The database schema. Migrations in server/drizzle/ are generated from this file by drizzle-kit
// (`npm run db:generate`) and applied at start-up; `npm run db:check` fails when they drift.

import {
  boolean,
  index,
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

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 0 platform (Rivet), 1 partner institution. */
  roleType: smallint('role_type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

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

export const courseCategories = pgTable('course_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const institutions = pgTable('institutions', {
  id: serial('id').primaryKey(),
  /** Short name. */
  name: text('name').notNull().unique(),
  fullName: text('full_name').notNull(),
  code: text('code').notNull().unique(),
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
  bankId: integer('bank_id'),
  accountNumber: text('account_number'),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(t.userName),
    uniqueIndex('users_email_key').on(t.email),
    index('users_institution_idx').on(t.institutionId),
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
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** queued (no SMTP configured, kept for the admin to see), sent, failed. */
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
  (t) => [index('audit_trail_created_idx').on(t.createdAt)],
);

