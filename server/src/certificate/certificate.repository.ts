// Drizzle queries for certificates: what issuing needs to know, the issue itself, and the lookups
// behind the PDF and the verification page.
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export interface CertificateRow {
  id: string;
  userId: string | null;
  courseId: number;
  institutionId: number;
  learnerName: string | null;
  courseTitle: string;
  institutionName: string;
  issuedAt: Date;
  withdrawnAt: Date | null;
  /** The institution's certificate logo, else its logo (read now, not copied at issue). */
  institutionLogo: string | null;
}

export interface SignatoryRow {
  name: string;
  jobTitle: string;
  signatureUrl: string | null;
}

const certificateColumns = {
  id: t.certificates.id,
  userId: t.certificates.userId,
  courseId: t.certificates.courseId,
  institutionId: t.certificates.institutionId,
  learnerName: t.certificates.learnerName,
  courseTitle: t.certificates.courseTitle,
  institutionName: t.certificates.institutionName,
  issuedAt: t.certificates.issuedAt,
  withdrawnAt: t.certificates.withdrawnAt,
  certificateLogoUrl: t.institutions.certificateLogoUrl,
  logoUrl: t.institutions.logoUrl,
};

type Selected = Omit<CertificateRow, 'institutionLogo'> & { certificateLogoUrl: string | null; logoUrl: string | null };

function toRow({ certificateLogoUrl, logoUrl, ...row }: Selected): CertificateRow {
  return { ...row, institutionLogo: certificateLogoUrl ?? logoUrl };
}

const QUIZ = 4;

export function createCertificateRepository(db: Database) {
  const selectCertificates = () =>
    db.select(certificateColumns).from(t.certificates).innerJoin(t.institutions, eq(t.institutions.id, t.certificates.institutionId));

  return {
    async course(courseId: number) {
      const [row] = await db
        .select({ id: t.courses.id, title: t.courses.title, institutionId: t.courses.institutionId, institutionName: t.institutions.fullName })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(eq(t.courses.id, courseId));
      return row ?? null;
    },

    /** The learner's enrolment in the course, or null when not enrolled. */
    async enrollment(userId: string, courseId: number) {
      const [row] = await db
        .select({ completedAt: t.enrollments.completedAt })
        .from(t.enrollments)
        .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)));
      return row ?? null;
    },

    /** Every quiz of the course, in course order, with its stored settings (the JSON as authored). */
    async courseQuizzes(courseId: number) {
      return db
        .select({ assetId: t.courseAssets.id, title: t.courseAssets.title, quiz: t.courseAssets.quiz })
        .from(t.courseAssets)
        .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
        .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
        .where(and(eq(t.courseModules.courseId, courseId), eq(t.courseAssets.assetType, QUIZ)))
        .orderBy(asc(t.courseModules.position), asc(t.courseModules.id), asc(t.courseSections.position), asc(t.courseSections.id));
    },

    /** The learner's best server-marked attempt at each of these quizzes, as a whole percent of questions right. */
    async bestQuizPercents(userId: string, assetIds: number[]): Promise<Map<number, number>> {
      if (!assetIds.length) return new Map();
      const percent = sql<number>`case when ${t.quizAttempts.total} = 0 then 100 else floor(${t.quizAttempts.correct} * 100.0 / ${t.quizAttempts.total}) end`;
      const rows = await db
        .select({ assetId: t.quizAttempts.assetId, best: max(percent) })
        .from(t.quizAttempts)
        .where(and(eq(t.quizAttempts.userId, userId), inArray(t.quizAttempts.assetId, assetIds)))
        .groupBy(t.quizAttempts.assetId);
      return new Map(rows.map((r) => [r.assetId, Number(r.best)]));
    },

    async learner(userId: string) {
      const [row] = await db
        .select({ firstName: t.users.firstName, lastName: t.users.lastName, deletedAt: t.users.deletedAt })
        .from(t.users)
        .where(eq(t.users.id, userId));
      return row ?? null;
    },

    /** Issues unless the learner already holds this course's certificate (then nothing happens). */
    async issue(row: typeof t.certificates.$inferInsert): Promise<void> {
      await db.insert(t.certificates).values(row).onConflictDoNothing();
    },

    async byLearnerAndCourse(userId: string, courseId: number): Promise<CertificateRow | null> {
      const [row] = await selectCertificates().where(and(eq(t.certificates.userId, userId), eq(t.certificates.courseId, courseId)));
      return row ? toRow(row) : null;
    },

    async byId(id: string): Promise<CertificateRow | null> {
      const [row] = await selectCertificates().where(eq(t.certificates.id, id));
      return row ? toRow(row) : null;
    },

    /** The platform's own record: its signatories sign for a partner that has none (decision 079). */
    async platform(): Promise<{ id: number; name: string; fullName: string } | null> {
      const [row] = await db
        .select({ id: t.institutions.id, name: t.institutions.name, fullName: t.institutions.fullName })
        .from(t.institutions)
        .where(eq(t.institutions.isPlatform, true))
        .orderBy(asc(t.institutions.id))
        .limit(1);
      return row ?? null;
    },

    async activeSignatories(institutionId: number): Promise<SignatoryRow[]> {
      return db
        .select({ name: t.certificateSignatures.name, jobTitle: t.certificateSignatures.jobTitle, signatureUrl: t.certificateSignatures.signatureUrl })
        .from(t.certificateSignatures)
        .where(and(eq(t.certificateSignatures.institutionId, institutionId), eq(t.certificateSignatures.isActive, true)))
        .orderBy(asc(t.certificateSignatures.id));
    },
  };
}

export type CertificateRepository = ReturnType<typeof createCertificateRepository>;
