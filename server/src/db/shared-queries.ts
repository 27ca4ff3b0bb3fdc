// Query pieces more than one module needs, kept in one deliberate place so that no module imports
// another module's repository (tools/eslint-layers.js): what a learner may see of a course, a
// course's outline, the revenue formulas that checkout's ledger and QA approval both read, and the
// partner lists the settings pages open with.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { defaultFormula, formulaFitsCourse, formulaProblems, revenueOf, splitRevenue, type FormulaCourse, type FormulaParty } from '@rivet/shared/domain/revenue-split';
import type { Database } from './client';
import * as t from './schema';

/** A course's approval status once it is approved. */
export const APPROVED = 2;

/**
 * A course a learner may see: approved, published (not a draft, publish date passed), active, from
 * an active partner. The query must join `institutions` on the course's institution.
 */
/** `now` may be a placeholder (`sql.placeholder('now')`) in a prepared statement. */
export function visibleCourse(now: Date | Placeholder): SQL {
  return and(
    eq(t.courses.approvalStatus, APPROVED),
    eq(t.courses.draft, false),
    eq(t.courses.isActive, true),
    eq(t.institutions.isActive, true),
    isNotNull(t.courses.publishDate),
    lte(t.courses.publishDate, now),
  )!;
}

/**
 * Not a revision of a published course (decision 048): staff lists of courses show the published
 * course, never its revision as a second course.
 */
export const notARevision = (): SQL => isNull(t.courses.revisionOfCourseId);

/**
 * "Active Courses", wherever a figure says it (the dashboard's card, the admin profile's; decision
 * 088): courses live in the catalogue now — `visibleCourse`, a revision never counted twice — of
 * one partner, or of every partner when `institutionId` is null. One query, so the two agree.
 */
export async function activeCourseCount(db: Database, institutionId: number | null, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.courses)
    .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
    .where(and(visibleCourse(now), notARevision(), institutionId === null ? undefined : eq(t.courses.institutionId, institutionId)));
  return Number(row?.n ?? 0);
}

/**
 * Every module, section and asset of a course, in order (modules and sections without children
 * included): the catalogue's outline and the player's content both come from this one query.
 */
export function courseOutline(db: Database, courseId: number | Placeholder) {
  return db
    .select({
      moduleId: t.courseModules.id,
      moduleTitle: t.courseModules.title,
      sectionId: t.courseSections.id,
      sectionTitle: t.courseSections.title,
      assetId: t.courseAssets.id,
      assetType: t.courseAssets.assetType,
      assetTitle: t.courseAssets.title,
      url: t.courseAssets.url,
      body: t.courseAssets.body,
      quiz: t.courseAssets.quiz,
      duration: t.courseAssets.duration,
      altText: t.courseAssets.altText,
    })
    .from(t.courseModules)
    .leftJoin(t.courseSections, eq(t.courseSections.moduleId, t.courseModules.id))
    .leftJoin(t.courseAssets, eq(t.courseAssets.sectionId, t.courseSections.id))
    .where(eq(t.courseModules.courseId, courseId))
    .orderBy(
      asc(t.courseModules.position),
      asc(t.courseModules.id),
      asc(t.courseSections.position),
      asc(t.courseSections.id),
      asc(t.courseAssets.position),
      asc(t.courseAssets.id),
    );
}

export type OutlineRow = Awaited<ReturnType<typeof courseOutline>>[number];

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/**
 * Active revenue formulas, newest first: what a QA reviewer may approve a course with (spec 001
 * §2.8 "Select a revenue"; docs/decisions/042). Inactive ones stay on the courses that have them.
 */
export async function activeRevenueFormulas(ex: Executor): Promise<{ id: number; name: string }[]> {
  return ex
    .select({ id: t.revenueFormulas.id, name: t.revenueFormulas.name })
    .from(t.revenueFormulas)
    .where(eq(t.revenueFormulas.isActive, true))
    .orderBy(desc(t.revenueFormulas.createdAt), desc(t.revenueFormulas.id));
}

/** A formula's parties in order, as the split reads them (the platform owner's partner id is 0). */
async function formulaParties(ex: Executor, formulaIds: number[]): Promise<Map<number, FormulaParty[]>> {
  const byFormula = new Map<number, FormulaParty[]>(formulaIds.map((id) => [id, []]));
  if (!formulaIds.length) return byFormula;
  const rows = await ex
    .select({ formulaId: t.revenueFormulaParties.formulaId, partyType: t.revenueFormulaParties.partyType, institutionId: t.revenueFormulaParties.institutionId, share: t.revenueFormulaParties.share })
    .from(t.revenueFormulaParties)
    .where(inArray(t.revenueFormulaParties.formulaId, formulaIds))
    .orderBy(asc(t.revenueFormulaParties.formulaId), asc(t.revenueFormulaParties.position));
  for (const r of rows) byFormula.get(r.formulaId)?.push({ partnerId: r.institutionId ?? 0, partyType: r.partyType === 0 ? 0 : 1, share: r.share });
  return byFormula;
}

/**
 * The active formulas a course may be approved with (decision 076: they name its partner, or no
 * partner for a course of the platform itself), newest first: QA's "Select a revenue" for it.
 */
export async function fittingRevenueFormulas(ex: Executor, course: FormulaCourse): Promise<{ id: number; name: string }[]> {
  const active = await activeRevenueFormulas(ex);
  const parties = await formulaParties(ex, active.map((f) => f.id));
  return active.filter((f) => formulaFitsCourse(parties.get(f.id) ?? [], course));
}

/**
 * A formula as an approval judges it: active, and whether it fits the course (decision 076). Pass
 * the approval's transaction and `lock` to hold the formula's row until it commits, so a
 * deactivation cannot slip in between the check and the write. Null when there is no such formula.
 */
export async function revenueFormulaFor(ex: Executor, formulaId: number, course: FormulaCourse, options: { lock?: boolean } = {}): Promise<{ id: number; name: string; isActive: boolean; fits: boolean } | null> {
  const query = ex.select({ id: t.revenueFormulas.id, name: t.revenueFormulas.name, isActive: t.revenueFormulas.isActive }).from(t.revenueFormulas).where(eq(t.revenueFormulas.id, formulaId)).limit(1);
  const [row] = options.lock ? await query.for('share') : await query;
  if (!row) return null;
  const parties = (await formulaParties(ex, [row.id])).get(row.id) ?? [];
  return { ...row, fits: formulaFitsCourse(parties, course) };
}

/**
 * Whether `formulaId` may be chosen for a new approval now. Pass the approval's transaction and
 * `lock` to hold the formula's row until it commits, so a deactivation cannot slip in between.
 */
export async function isActiveRevenueFormula(ex: Executor, formulaId: number, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = ex.select({ isActive: t.revenueFormulas.isActive }).from(t.revenueFormulas).where(eq(t.revenueFormulas.id, formulaId)).limit(1);
  const [row] = options.lock ? await query.for('share') : await query;
  return row?.isActive === true;
}

/**
 * Writes a successful payment's split into the ledger (docs/decisions/038, 042), inside the
 * transaction that marks it successful. The parties are those of the formula the course was
 * approved with, or the default rule when it has none. Writing twice writes nothing more: the
 * (payment, position) key already holds the rows. Answers the number of rows written.
 */
export async function recordPaymentSplit(
  tx: Executor,
  payment: { id: number; courseId: number; amountKobo: number; vatKobo: number; gatewayChargeKobo: number },
): Promise<number> {
  const [course] = await tx
    .select({ formulaId: t.courses.revenueFormulaId, institutionId: t.courses.institutionId, isPlatform: t.institutions.isPlatform })
    .from(t.courses)
    .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
    .where(eq(t.courses.id, payment.courseId))
    .limit(1);
  if (!course) return 0;
  let parties: FormulaParty[] = [];
  let formulaId = course.formulaId;
  if (formulaId !== null) {
    parties = (await formulaParties(tx, [formulaId])).get(formulaId) ?? [];
    // Formulas are checked when made and never edited, and approvals take only a formula naming the
    // course's partner (decision 076), so neither can happen; were a row damaged by hand, the
    // learner's payment must still complete and never pay a partner with no part in the course, so
    // the sale is split by the default rule (decision 042).
    if (formulaProblems(parties).length || !formulaFitsCourse(parties, { institutionId: course.institutionId, isPlatform: course.isPlatform })) formulaId = null;
  }
  if (formulaId === null) parties = defaultFormula(course.isPlatform ? null : course.institutionId);
  const parts = splitRevenue(revenueOf(payment), parties);
  const written = await tx
    .insert(t.paymentSplits)
    .values(
      parts.map((p, i) => ({
        paymentId: payment.id,
        formulaId,
        position: i + 1,
        partyType: p.partyType,
        institutionId: p.partyType === 0 ? null : p.partnerId,
        amountKobo: p.kobo,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: t.paymentSplits.id });
  return written.length;
}

/** A partner as a settings page lists it, with how many of the page's records it has active. */
export interface PartnerWithActive {
  id: number;
  name: string;
  fullName: string;
  isActive: boolean;
  /** The platform's own record (listed only with `includePlatform`). */
  isPlatform: boolean;
  active: number;
}

/**
 * Partners (never the platform's own record unless `includePlatform`, then first), by name, one
 * page, or the one `institutionId` names, each with its active rows of `counted` (signatories,
 * workflows…) counted.
 */
export async function partnersCounting(
  db: Database,
  counted: { table: PgTable; institutionId: PgColumn; isActive: PgColumn },
  institutionId: number | null,
  page: { page: number; pageSize: number },
  options: { includePlatform?: boolean } = {},
): Promise<{ items: PartnerWithActive[]; totalRows: number }> {
  const where = and(options.includePlatform ? undefined : eq(t.institutions.isPlatform, false), institutionId === null ? undefined : eq(t.institutions.id, institutionId));
  const active = db
    .select({ institutionId: sql<number>`${counted.institutionId}`.as('institution_id'), n: count().as('n') })
    .from(counted.table)
    .where(eq(counted.isActive, true))
    .groupBy(counted.institutionId)
    .as('active');
  const [items, [total]] = await Promise.all([
    db
      .select({ id: t.institutions.id, name: t.institutions.name, fullName: t.institutions.fullName, isActive: t.institutions.isActive, isPlatform: t.institutions.isPlatform, active: sql<number>`coalesce(${active.n}, 0)::int` })
      .from(t.institutions)
      .leftJoin(active, eq(active.institutionId, t.institutions.id))
      .where(where)
      .orderBy(desc(t.institutions.isPlatform), asc(t.institutions.fullName), asc(t.institutions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(t.institutions).where(where),
  ]);
  return { items, totalRows: Number(total?.n ?? 0) };
}

/**
 * A survey's questions with their options, one row per option (or per question without options),
 * in order: the learner's survey and the console's survey screens read them alike.
 */
export function surveyQuestionRows(db: Database, surveyId: number) {
  return db
    .select({
      questionId: t.surveyQuestions.id,
      question: t.surveyQuestions.question,
      questionType: t.surveyQuestions.questionType,
      optionId: t.surveyQuestionOptions.id,
      option: t.surveyQuestionOptions.option,
      minValue: t.surveyQuestionOptions.minValue,
      maxValue: t.surveyQuestionOptions.maxValue,
      step: t.surveyQuestionOptions.step,
    })
    .from(t.surveyQuestions)
    .leftJoin(t.surveyQuestionOptions, eq(t.surveyQuestionOptions.questionId, t.surveyQuestions.id))
    .where(eq(t.surveyQuestions.surveyId, surveyId))
    .orderBy(asc(t.surveyQuestions.position), asc(t.surveyQuestions.id), asc(t.surveyQuestionOptions.position), asc(t.surveyQuestionOptions.id));
}

/** An ILIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Raises the session version of the users `which` selects, inside the change's transaction: what
 * their access tokens say (active, role, permissions) is no longer true, and a token carrying the
 * old version is refused from the next request on (docs/decisions/084). The caller tells the
 * session-version caches once the transaction commits (app.ts, `revokesSessions`).
 */
export async function raiseSessionVersions(ex: Executor, which: SQL | undefined): Promise<void> {
  await ex
    .update(t.users)
    .set({ sessionVersion: sql`${t.users.sessionVersion} + 1` })
    .where(which);
}
