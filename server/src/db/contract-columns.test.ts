// Every whole number the contract accepts must fit the column it is compared with or stored in:
// PostgreSQL answers a `smallint` compared with 32768 (or an `integer` with 2³¹) with an error, which
// reached learners as a 500 (issue 29: Course/Search with courseLevels [32768]). Rather than check
// fields one at a time, this walks every schema of every endpoint (ALL_ENDPOINTS) and checks each
// numeric field against two declared tables:
//   * SMALLINT_COLUMNS names, for every smallint column in schema.ts, the contract fields that reach
//     it; each must refuse 32768. A new smallint column fails here until its fields are named.
//   * WIDE_FIELDS names, for every field that accepts a number above 32767, the columns it reaches;
//     none may be smallint, and the field must refuse the first value past each column's range.
//     A new field accepting more than 32767 fails here until it is mapped.
// Fields that refuse 32768 fit every integer column and need no entry. Fields are named by their own
// key (the last part of the path; list items as the list), wherever they appear.
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '@rivet/shared/api/contract';
import { ALL_ENDPOINTS } from '@rivet/shared/api/endpoints';
import { MAX_SMALLINT } from '@rivet/shared/api/fields';
import * as t from './schema';

type Schema = v.GenericSchema & { type: string; pipe?: unknown[]; entries?: Record<string, Schema>; item?: Schema; wrapped?: Schema; options?: Schema[]; value?: Schema };

const RANGE: Record<string, number> = { smallint: MAX_SMALLINT, integer: 2_147_483_647, serial: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER };

/** A column a field reaches; money crosses the API in naira and is stored in kobo (`scale` 100). */
interface Reach {
  column: PgColumn;
  scale?: number;
}
const kobo = (column: PgColumn): Reach => ({ column, scale: 100 });
/** A field that is no column's value: say why it cannot overflow one. */
const noColumn = (why: string) => ({ why });
type Target = PgColumn | Reach | readonly (PgColumn | Reach)[] | { why: string };

const SMALLINT_COLUMNS = new Map<PgColumn, readonly string[]>([
  [t.courseAssets.assetType, ['assetType']],
  [t.courseReviewEvents.fromStatus, []],
  [t.courseReviewEvents.toStatus, []],
  [t.courseReviewEvents.level, []],
  [t.courses.courseType, ['courseType']],
  [t.courses.courseLevel, ['CourseLevel', 'courseLevels']],
  [t.courses.approvalStatus, ['approvalStatus', 'approvalstatus', 'status']],
  [t.courses.reviewLevel, []],
  [t.courses.stepNo, ['StepNo']],
  [t.discounts.discountType, ['DiscountType']],
  [t.discounts.chargeType, ['DiscountChargeType']],
  [t.inAppNotifications.severity, ['severity']],
  [t.institutions.institutionType, ['InstitutionType']],
  [t.libraryFiles.fileType, ['fileType']],
  [t.paymentDayCounts.status, ['TransactionStatus']],
  [t.paymentSplits.position, []],
  [t.paymentSplits.partyType, []],
  // Privacy & Settings (decision 090): the requests list filters by kind (a 0–2 picklist); the
  // settings row's id and a request's status are the server's own.
  [t.privacySettings.id, []],
  [t.dataRequests.kind, ['kind']],
  [t.dataRequests.status, []],
  [t.paymentTransactions.status, ['TransactionStatus']],
  [t.paymentTransactions.paymentChannel, ['paymentChannel']],
  [t.revenueFormulaParties.position, ['sNo']],
  [t.revenueFormulaParties.partyType, ['revenuePatnerType']],
  [t.roles.roleType, ['roleType', 'RoleType']],
  [t.surveyQuestions.questionType, ['questionType']],
  [t.workflowLevels.levelNo, ['levelNo']],
  [t.workflowLevels.approvals, ['approval']],
]);

const paging = noColumn('LIMIT and OFFSET take bigint');
const WIDE_FIELDS: Record<string, Target> = {
  id: noColumn('the endpoint’s own record: a serial (integer) primary key, bounded by MAX_ID'),
  Id: noColumn('as id'),
  BankId: t.institutions.bankId,
  bankId: [t.institutions.bankId, t.platformPartners.bankId],
  CourseId: t.courses.id,
  courseId: t.courses.id,
  courseIds: t.courses.id,
  DiscountId: t.discounts.id,
  InstitutionId: t.institutions.id,
  institutionId: t.institutions.id,
  institutionIds: t.institutions.id,
  institutiondId: t.institutions.id,
  institutionid: t.institutions.id,
  ownerId: t.libraryFiles.institutionId,
  PartnerId: t.institutions.id,
  partnerId: t.revenueFormulaParties.institutionId,
  exclude: t.courses.id,
  LanguageId: t.courses.languageId,
  languageIds: t.languages.id,
  courseCategoryId: t.courseCategories.id,
  courseCategoryIds: t.courseCategories.id,
  QuestionId: t.surveyQuestions.id,
  SurveyId: t.surveys.id,
  surveyId: t.surveys.id,
  surveyQuestionId: t.surveyResponseAnswers.questionId,
  surveyQuestionOptionId: t.surveyResponseAnswers.optionId,
  RevenueId: t.revenueFormulas.id,
  revenueId: t.courses.revenueFormulaId,
  courseModuleId: t.courseModules.id,
  courseModuleItemId: t.courseSections.id,
  courseModuleItemAssetId: t.courseAssets.id,
  courseQuizId: t.quizAttempts.assetId,
  module: t.courseModules.id,
  section: t.courseSections.id,
  currentModule: t.enrollments.currentModule,
  currentSection: t.enrollments.currentSection,
  secondsWatched: t.sectionProgress.secondsWatched,
  score: t.quizAttempts.score,
  emailCategoryId: t.emailTemplates.emailCategoryId,
  fileId: t.libraryFiles.id,
  inAppFeaturesId: t.inAppNotificationFeatureLinks.featureId,
  inAppNotificationCategoryId: t.inAppNotifications.categoryId,
  permissionId: t.rolePermissions.permissionId,
  roleId: t.roles.id,
  roles: t.users.roleId,
  usageLimit: t.discounts.usageLimit,
  currencyId: noColumn('compared with the list of currencies in code; the course stores none'),
  totalChunks: noColumn('counts an upload’s chunks in memory and on disk'),
  amount: [kobo(t.paymentTransactions.amountKobo), kobo(t.enrollments.amountPaidKobo)],
  basePrice: [kobo(t.courses.basePriceKobo), kobo(t.paymentTransactions.basePriceKobo)],
  vat: kobo(t.courses.vatKobo),
  gatewayCharge: kobo(t.courses.gatewayChargeKobo),
  Page: paging,
  page: paging,
  pageNumber: paging,
  PageSize: paging,
  // One endpoint's field by its full name, where its name means something else there.
  'POST Authentication/Account/Student/Register body.roles': noColumn('accepted for compatibility and ignored: every sign-up is a learner'),
};
const targetOf = (f: Field) => WIDE_FIELDS[f.where] ?? WIDE_FIELDS[f.name];

// ── The walk ──────────────────────────────────────────────────────────────────────────────────

const OBJECTS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);
const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable', 'non_optional', 'non_nullable', 'non_nullish']);

const parse = (s: Schema, x: unknown) => {
  try {
    return v.safeParse(s, x);
  } catch {
    return { success: false as const, output: undefined };
  }
};
/** JSON carries numbers; query strings, path segments and multipart forms carry digits. */
const takes = (s: Schema, n: number) => parse(s, n).success || parse(s, String(n)).success;

const SAMPLES = [0, 1, 2, 3, 4, 5, 10, 50, 100, 1000, 32_767, 32_768];
/**
 * Whether a field holds a number: it turns some whole number (or its digits) into a number. Path
 * segments and multipart fields may stay strings, so there a field is numeric when it takes digits
 * and refuses letters.
 */
function numeric(s: Schema, asText: boolean) {
  return SAMPLES.some((n) =>
    [n, String(n)].some((x) => {
      const r = parse(s, x);
      if (!r.success) return false;
      // Text that takes digits but also the same length of letters (a user name, a code) is text.
      return typeof r.output === 'number' || (asText && typeof x === 'string' && !parse(s, 'a'.repeat(x.length)).success && !parse(s, `a${x.slice(1)}`).success);
    }),
  );
}

interface Field {
  where: string;
  name: string;
  schema: Schema;
}

function walk(s: Schema | undefined, path: string, asText: boolean, out: Omit<Field, 'where'>[]) {
  if (!s) return;
  if (OBJECTS.has(s.type)) {
    for (const [key, entry] of Object.entries(s.entries!)) walk(entry, path ? `${path}.${key}` : key, asText, out);
    return;
  }
  if (s.type === 'array') return walk(s.item, `${path}[]`, asText, out);
  if (s.type === 'record') return walk(s.value, `${path}{}`, asText, out);
  if (s.type === 'union' || s.type === 'variant') return s.options!.forEach((o) => walk(o, path, asText, out));
  // A wrapper with checks of its own (required() and the like) is judged whole, unless it wraps structure.
  if (WRAPPERS.has(s.type) && (!s.pipe || OBJECTS.has(s.wrapped!.type) || s.wrapped!.type === 'array')) return walk(s.wrapped, path, asText, out);
  if (numeric(s, asText)) out.push({ name: path.replace(/\[\]|\{\}/g, '').split('.').pop()!, schema: s });
}

function numericFields(endpoints: readonly Endpoint[]): Field[] {
  return endpoints.flatMap((e) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const out: Omit<Field, 'where'>[] = [];
      walk(e[part] as Schema | undefined, '', part === 'params' || (part === 'body' && e.form === true), out);
      return out.map((f) => ({ ...f, where: `${e.method} ${e.service}/${e.path} ${part}.${f.name}` }));
    }),
  );
}

const columnName = (c: PgColumn) => `${c.table ? (c.table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] : '?'}.${c.name}`;
const reaches = (target: Target): Reach[] | null => {
  if ('why' in target) return null;
  const list = Array.isArray(target) ? target : [target];
  return list.map((r: PgColumn | Reach) => ('column' in r ? r : { column: r }));
};

const FIELDS = numericFields(ALL_ENDPOINTS);

describe('contract integers against the columns they reach', () => {
  it('finds the contract’s numeric fields (the walk itself works)', () => {
    const names = new Set(FIELDS.map((f) => f.name));
    for (const expected of ['courseLevels', 'courseId', 'PageSize', 'paymentChannel', 'amount', 'CourseLevel', 'RoleType']) expect(names).toContain(expected);
  });

  it('names the contract fields of every smallint column in schema.ts', () => {
    const smallints = (Object.values(t) as unknown[])
      .filter((x): x is PgTable => is(x, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table)))
      .filter((c) => c.getSQLType() === 'smallint');
    const unnamed = smallints.filter((c) => !SMALLINT_COLUMNS.has(c)).map(columnName);
    expect(unnamed, 'add these smallint columns to SMALLINT_COLUMNS with the contract fields that reach them ([] for none)').toEqual([]);
    const known = new Set(FIELDS.map((f) => f.name));
    const stale = [...SMALLINT_COLUMNS.values()].flat().filter((name) => !known.has(name));
    expect(stale, 'SMALLINT_COLUMNS names fields the contract no longer has').toEqual([]);
  });

  it('refuses 32768 in every field that reaches a smallint column', () => {
    const bound = new Set([...SMALLINT_COLUMNS.values()].flat());
    const overflowing = FIELDS.filter((f) => bound.has(f.name) && takes(f.schema, MAX_SMALLINT + 1)).map((f) => f.where);
    expect(overflowing, 'bound these with smallint()/smallintList() or a picklist (shared/api/fields.ts)').toEqual([]);
  });

  it('maps every field that accepts more than 32767 to columns wide enough for it', () => {
    const wide = FIELDS.filter((f) => takes(f.schema, MAX_SMALLINT + 1));
    expect(
      wide.filter((f) => !targetOf(f)).map((f) => f.where),
      'add these fields to WIDE_FIELDS with the columns they are compared with or stored in (or bound them to 32767)',
    ).toEqual([]);
    const problems: string[] = [];
    for (const f of wide) {
      for (const { column, scale = 1 } of reaches(targetOf(f)!) ?? []) {
        const max = RANGE[column.getSQLType()];
        if (max === undefined) problems.push(`${f.where} → ${columnName(column)} is ${column.getSQLType()}, not a whole number`);
        else if (max === MAX_SMALLINT) problems.push(`${f.where} accepts 32768 but reaches smallint ${columnName(column)}`);
        else if (takes(f.schema, Math.floor(max / scale) + 1)) problems.push(`${f.where} accepts ${Math.floor(max / scale) + 1}, past ${columnName(column)} (${column.getSQLType()})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps no WIDE_FIELDS entry the contract has dropped or bounded to a smallint', () => {
    const wideNames = new Set(FIELDS.filter((f) => takes(f.schema, MAX_SMALLINT + 1)).flatMap((f) => [f.name, f.where]));
    expect(Object.keys(WIDE_FIELDS).filter((name) => !wideNames.has(name))).toEqual([]);
  });
});
