// Privacy & Settings' data (Drizzle only; the rules are in privacy.service.ts): the one
// privacy_settings row, the data_requests log, and everything held about one learner for an export.
import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { AuditRow } from '../audit/audit';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export type PrivacySettingsRow = typeof t.privacySettings.$inferSelect & { updatedByName: string | null };
export type PrivacySettingsChanges = Pick<
  typeof t.privacySettings.$inferInsert,
  'signInRecordsDays' | 'resetLinksDays' | 'emailCopiesDays' | 'contactName' | 'contactEmail' | 'contactPhone' | 'contactAddress'
>;
export type DataRequestRow = typeof t.dataRequests.$inferSelect;

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;

/** The settings row; migration 0028 inserts it, and this puts it back should it ever be missing. */
export async function readPrivacySettings(db: Database): Promise<typeof t.privacySettings.$inferSelect> {
  const [row] = await db.select().from(t.privacySettings).where(eq(t.privacySettings.id, 1));
  if (row) return row;
  const [made] = await db.insert(t.privacySettings).values({ id: 1 }).onConflictDoNothing().returning();
  return made ?? (await db.select().from(t.privacySettings).where(eq(t.privacySettings.id, 1)))[0]!;
}

export function createPrivacyRepository(db: Database) {
  async function settingsIn(handle: Database): Promise<PrivacySettingsRow> {
    const row = await readPrivacySettings(handle);
    let updatedByName: string | null = null;
    if (row.updatedByUserId) {
      const [who] = await handle.select({ first: t.users.firstName, last: t.users.lastName }).from(t.users).where(eq(t.users.id, row.updatedByUserId));
      updatedByName = who ? `${who.first} ${who.last}`.trim() : null;
    }
    return { ...row, updatedByName };
  }

  return {
    settings: () => settingsIn(db),

    update(changes: PrivacySettingsChanges, by: string, at: Date, auditRow: AuditRow) {
      return db.transaction(async (tx) => {
        await readPrivacySettings(tx);
        await tx.update(t.privacySettings).set({ ...changes, updatedAt: at, updatedByUserId: by }).where(eq(t.privacySettings.id, 1));
        await tx.insert(t.auditTrail).values(auditRow);
        return settingsIn(tx);
      });
    },

    async searchRequests(filters: { kind: number; page: number; pageSize: number }): Promise<{ rows: DataRequestRow[]; total: number }> {
      const where = filters.kind ? eq(t.dataRequests.kind, filters.kind) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(t.dataRequests)
          .where(where)
          .orderBy(desc(t.dataRequests.requestedAt), desc(t.dataRequests.id))
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize),
        db.select({ total: count() }).from(t.dataRequests).where(where),
      ]);
      return { rows, total: Number(totals?.total ?? 0) };
    },

    async startRequest(values: { kind: number; userId: string | null; subject: string; at: Date }): Promise<number> {
      const [made] = await db
        .insert(t.dataRequests)
        .values({ kind: values.kind, userId: values.userId, subject: values.subject, requestedAt: values.at })
        .returning({ id: t.dataRequests.id });
      return made!.id;
    },

    async finishRequest(id: number, status: number, at: Date | null): Promise<void> {
      await db.update(t.dataRequests).set({ status, completedAt: at }).where(eq(t.dataRequests.id, id));
    },

    /** Every record held about one learner, by section; nothing is read that is not theirs. */
    async learnerData(userId: string) {
      const [account] = await db
        .select({ user: t.users, profile: t.studentProfiles, countryName: t.countries.countryName })
        .from(t.users)
        .leftJoin(t.studentProfiles, eq(t.studentProfiles.userId, t.users.id))
        .leftJoin(t.countries, eq(t.countries.code1, t.studentProfiles.countryCode))
        .where(eq(t.users.id, userId));
      if (!account) return null;
      const course = { courseId: t.courses.id, courseTitle: t.courses.title };
      const [enrolments, progress, quizzes, payments, certificates, survey, signIns] = await Promise.all([
        db
          .select({ ...course, source: t.enrollments.source, amountPaidKobo: t.enrollments.amountPaidKobo, enrolledAt: t.enrollments.enrolledAt, lastVisitedAt: t.enrollments.lastVisitedAt, completedAt: t.enrollments.completedAt })
          .from(t.enrollments)
          .innerJoin(t.courses, eq(t.courses.id, t.enrollments.courseId))
          .where(eq(t.enrollments.userId, userId))
          .orderBy(asc(t.enrollments.enrolledAt)),
        db
          .select({ ...course, sectionId: t.sectionProgress.sectionId, sectionTitle: t.courseSections.title, isCompleted: t.sectionProgress.isCompleted, completedAt: t.sectionProgress.completedAt, secondsWatched: t.sectionProgress.secondsWatched })
          .from(t.sectionProgress)
          .innerJoin(t.courses, eq(t.courses.id, t.sectionProgress.courseId))
          .innerJoin(t.courseSections, eq(t.courseSections.id, t.sectionProgress.sectionId))
          .where(eq(t.sectionProgress.userId, userId))
          .orderBy(asc(t.sectionProgress.courseId), asc(t.sectionProgress.sectionId)),
        db
          .select({ ...course, quizTitle: t.courseAssets.title, answers: t.quizAttempts.answers, correct: t.quizAttempts.correct, total: t.quizAttempts.total, score: t.quizAttempts.score, passed: t.quizAttempts.passed, attemptedAt: t.quizAttempts.createdAt })
          .from(t.quizAttempts)
          .innerJoin(t.courses, eq(t.courses.id, t.quizAttempts.courseId))
          .innerJoin(t.courseAssets, eq(t.courseAssets.id, t.quizAttempts.assetId))
          .where(eq(t.quizAttempts.userId, userId))
          .orderBy(asc(t.quizAttempts.createdAt)),
        db
          .select({
            ...course,
            reference: t.paymentTransactions.reference,
            status: t.paymentTransactions.status,
            provider: t.paymentTransactions.provider,
            email: t.paymentTransactions.email,
            currency: t.paymentTransactions.currency,
            basePriceKobo: t.paymentTransactions.basePriceKobo,
            discountKobo: t.paymentTransactions.discountKobo,
            discountCode: t.paymentTransactions.discountCode,
            vatKobo: t.paymentTransactions.vatKobo,
            gatewayChargeKobo: t.paymentTransactions.gatewayChargeKobo,
            amountKobo: t.paymentTransactions.amountKobo,
            channel: t.paymentTransactions.channel,
            createdAt: t.paymentTransactions.createdAt,
            paidAt: t.paymentTransactions.paidAt,
          })
          .from(t.paymentTransactions)
          .innerJoin(t.courses, eq(t.courses.id, t.paymentTransactions.courseId))
          .where(eq(t.paymentTransactions.userId, userId))
          .orderBy(asc(t.paymentTransactions.createdAt)),
        db
          .select({ certificateId: t.certificates.id, courseId: t.certificates.courseId, courseTitle: t.certificates.courseTitle, institutionName: t.certificates.institutionName, learnerName: t.certificates.learnerName, issuedAt: t.certificates.issuedAt, withdrawnAt: t.certificates.withdrawnAt })
          .from(t.certificates)
          .where(eq(t.certificates.userId, userId))
          .orderBy(asc(t.certificates.issuedAt)),
        db
          .select({ ...course, surveyTitle: t.surveys.title, question: t.surveyQuestions.question, option: t.surveyQuestionOptions.option, answer: t.surveyResponseAnswers.answer, submittedAt: t.surveyResponses.submittedAt })
          .from(t.surveyResponseAnswers)
          .innerJoin(t.surveyResponses, eq(t.surveyResponses.id, t.surveyResponseAnswers.responseId))
          .innerJoin(t.surveys, eq(t.surveys.id, t.surveyResponses.surveyId))
          .innerJoin(t.courses, eq(t.courses.id, t.surveyResponses.courseId))
          .innerJoin(t.surveyQuestions, eq(t.surveyQuestions.id, t.surveyResponseAnswers.questionId))
          .leftJoin(t.surveyQuestionOptions, eq(t.surveyQuestionOptions.id, t.surveyResponseAnswers.optionId))
          .where(and(isNotNull(t.surveyResponses.userId), eq(t.surveyResponses.userId, userId)))
          .orderBy(asc(t.surveyResponses.submittedAt), asc(t.surveyQuestions.position)),
        // One row per sign-in (the first token of each family), not per silent refresh.
        db
          .selectDistinctOn([t.refreshTokens.familyId], { app: t.refreshTokens.app, ip: t.refreshTokens.ip, userAgent: t.refreshTokens.userAgent, signedInAt: t.refreshTokens.createdAt })
          .from(t.refreshTokens)
          .where(eq(t.refreshTokens.userId, userId))
          .orderBy(asc(t.refreshTokens.familyId), asc(t.refreshTokens.createdAt)),
      ]);
      signIns.sort((a, b) => a.signedInAt.getTime() - b.signedInAt.getTime());
      return { account, enrolments, progress, quizzes, payments, certificates, survey, signIns };
    },
  };
}
