// Certificates: issued once per learner and course when the course is complete, with the names as
// they were at issue; anyone holding the id may fetch the PDF or ask whether it is genuine.
import { MAX_ACTIVE_SIGNATURES } from '@rivet/shared/api/certificate-settings';
import { certificatePdfPath, certificateVerifyPath, type Certificate } from '@rivet/shared/api/learning';
import { CODES } from '@rivet/shared/api/contract';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { storedQuiz } from '../learning/learning.mappers';
import { newCertificateId, normalizeCertificateId } from './certificate-id';
import type { CertificateRepository, CertificateRow, SignatoryRow } from './certificate.repository';

export const CERTIFICATE_MESSAGES = {
  courseNotFound: 'Course not found',
  notComplete: 'Complete the course to get your certificate',
  wrongInstitution: 'This course is not offered by that institution',
  notFound: 'We could not find a certificate with this ID',
  quizNotPassed: (name: string, passMark: number) => `Pass the quiz “${name}” (${passMark}% or more) to get your certificate`,
} as const;

/** How many signatories fit on a certificate, side by side: as many as Certificate Settings lets be active. */
export const MAX_SIGNATORIES = MAX_ACTIVE_SIGNATURES;

/** What the PDF prints when nobody has a signature: the platform's short name, typed. */
export const TYPED_SIGNATORY_TITLE = 'Issuing platform';

/**
 * Who signs a certificate (decision 079): the partner's own active signatories; when it has none,
 * the platform's, named as the platform's; when neither has any, a line with the platform's name
 * typed. A learner who earned the certificate always gets it, and it always says who stands behind it.
 */
export interface CertificateSigning {
  by: 'partner' | 'platform' | 'typed';
  signatories: (SignatoryRow & { typed?: string })[];
  /** A line under the signatures saying for whom the platform signed, or null. */
  note: string | null;
}

export interface CertificateDocument {
  certificate: CertificateRow;
  signing: CertificateSigning;
  verifyUrl: string;
}

export function createCertificateService(deps: { repo: CertificateRepository; clock: Clock; publicUrl: string }) {
  const { repo, clock } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const verifyUrlOf = (id: string) => `${publicUrl}${certificateVerifyPath(id)}`;

  async function signingOf(institutionId: number, institutionName: string): Promise<CertificateSigning> {
    const own = await repo.activeSignatories(institutionId);
    if (own.length) return { by: 'partner', signatories: own.slice(0, MAX_SIGNATORIES), note: null };
    const platform = await repo.platform();
    const platformName = platform?.fullName ?? 'Rivet';
    // A course of the platform itself: nobody signs "on behalf" of it.
    const forPartner = platform?.id !== institutionId;
    const theirs = platform && forPartner ? await repo.activeSignatories(platform.id) : [];
    if (theirs.length) {
      return {
        by: 'platform',
        signatories: theirs.slice(0, MAX_SIGNATORIES).map((s) => ({ ...s, jobTitle: `${s.jobTitle}, ${platformName}` })),
        note: `Signed by ${platformName} on behalf of ${institutionName}`,
      };
    }
    return {
      by: 'typed',
      signatories: [{ name: platformName, jobTitle: TYPED_SIGNATORY_TITLE, signatureUrl: null, typed: platform?.name ?? 'Rivet' }],
      note: forPartner ? `Issued by ${platformName} on behalf of ${institutionName}` : null,
    };
  }

  /**
   * The first quiz Required for Certificate the learner has not passed on the server, or null.
   * Only attempts the server marked count (docs/decisions/017), against the pass mark as it is now.
   */
  async function unpassedRequiredQuiz(userId: string, courseId: number) {
    const required = (await repo.courseQuizzes(courseId)).flatMap((row) => {
      const quiz = storedQuiz(row.quiz);
      return quiz?.requiredNextModule ? [{ assetId: row.assetId, name: quiz.name || row.title || 'Quiz', passMark: quiz.passMark }] : [];
    });
    const best = await repo.bestQuizPercents(userId, required.map((q) => q.assetId));
    return required.find((q) => (best.get(q.assetId) ?? -1) < q.passMark) ?? null;
  }

  /** A certificate that exists; withdrawn ones too (the verification page says so). */
  async function find(rawId: string): Promise<CertificateRow> {
    const id = normalizeCertificateId(rawId);
    const row = id ? await repo.byId(id) : null;
    if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
    return row;
  }

  return {
    async generate(caller: Caller, input: { userId: string; courseId: number; institutionId?: number }): Promise<Certificate> {
      if (caller.userId !== input.userId) throw forbidden();
      const course = await repo.course(input.courseId);
      if (!course) throw notFound(CERTIFICATE_MESSAGES.courseNotFound);
      if (input.institutionId !== undefined && input.institutionId !== course.institutionId) throw badRequest(CERTIFICATE_MESSAGES.wrongInstitution);
      const enrollment = await repo.enrollment(input.userId, input.courseId);
      if (!enrollment?.completedAt) throw new AppError(422, CODES.unprocessable, CERTIFICATE_MESSAGES.notComplete);

      let certificate = await repo.byLearnerAndCourse(input.userId, input.courseId);
      // A certificate once issued stands; a new one needs every required quiz passed on the server.
      const unpassed = certificate ? null : await unpassedRequiredQuiz(input.userId, course.id);
      if (unpassed) throw new AppError(422, CODES.unprocessable, CERTIFICATE_MESSAGES.quizNotPassed(unpassed.name, unpassed.passMark));
      // Two first calls at once (two tabs, a retry) both insert; the unique (user, course) index
      // keeps one and both answer with it. A collision of random ids would also insert nothing:
      // the loop then tries a fresh id.
      for (let attempt = 0; !certificate && attempt < 3; attempt++) {
        const learner = await repo.learner(input.userId);
        if (!learner || learner.deletedAt) throw forbidden();
        await repo.issue({
          id: newCertificateId(),
          userId: input.userId,
          courseId: course.id,
          institutionId: course.institutionId,
          learnerName: `${learner.firstName} ${learner.lastName}`.trim(),
          courseTitle: course.title,
          institutionName: course.institutionName,
          issuedAt: clock.now(),
        });
        certificate = await repo.byLearnerAndCourse(input.userId, input.courseId);
      }
      if (!certificate) throw new Error('Certificate could not be issued');

      return {
        certificateId: certificate.id,
        learnerName: certificate.learnerName ?? '',
        courseId: certificate.courseId,
        courseTitle: certificate.courseTitle,
        institution: certificate.institutionName,
        institutionLogo: certificate.institutionLogo,
        issuedAt: certificate.issuedAt.toISOString(),
        signatories: (await signingOf(certificate.institutionId, certificate.institutionName)).signatories.map(({ name, jobTitle, signatureUrl }) => ({ name, jobTitle, signatureUrl })),
        certificateUrl: certificatePdfPath(certificate.id),
        verifyUrl: verifyUrlOf(certificate.id),
      };
    },

    async verify(rawId: string) {
      const certificate = await find(rawId);
      const withdrawn = certificate.withdrawnAt !== null;
      return {
        valid: !withdrawn,
        certificateId: certificate.id,
        learnerName: withdrawn ? null : certificate.learnerName,
        courseTitle: certificate.courseTitle,
        institution: certificate.institutionName,
        institutionLogo: certificate.institutionLogo,
        issuedAt: certificate.issuedAt.toISOString(),
        withdrawnAt: certificate.withdrawnAt?.toISOString() ?? null,
      };
    },

    /** What the PDF prints; a withdrawn certificate is no longer printed. */
    async document(rawId: string): Promise<CertificateDocument> {
      const certificate = await find(rawId);
      if (certificate.withdrawnAt || !certificate.learnerName) throw notFound(CERTIFICATE_MESSAGES.notFound);
      return { certificate, signing: await signingOf(certificate.institutionId, certificate.institutionName), verifyUrl: verifyUrlOf(certificate.id) };
    },
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
