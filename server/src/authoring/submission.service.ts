// Pricing and Submit for Review (spec 001 §2.7, §4, §5; decision 032). A course leaves the draft
// state only complete: Basic Setup and Additional Information saved, a curriculum meeting §5, and
// a paid course priced by the server with the one rule checkout uses (shared/domain/pricing.ts).
// It then waits in pending review (approval status 1); learners see only approved courses (2).
import { COURSE_AUTHORING_MESSAGES as CM, CURRENCIES } from '@rivet/shared/api/course-authoring';
import { PRICING_MESSAGES as M, toKobo, toNaira, type CourseSubmission } from '@rivet/shared/api/course-pricing';
import { SURVEY_MESSAGES as SM } from '@rivet/shared/api/course-survey';
import { STEP } from '@rivet/shared/domain/course-authoring';
import { stageOf, storedStage, transition } from '@rivet/shared/domain/course-lifecycle';
import { curriculumProblems, type Problem } from '@rivet/shared/domain/curriculum';
import { priceCourse, type PricingRates } from '@rivet/shared/domain/pricing';
import type { Audit } from '../audit/audit';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, conflict } from '../http/errors';
import type { AuthoredCourseRow, AuthoringRepository } from './authoring.repository';
import type { CurriculumRepository } from './curriculum.repository';
import { toCurriculum } from './curriculum.service';

/** Approval status of a course waiting for its first reviewer (§4). */
export const PENDING_REVIEW = 1;
/** The End of course Survey step's stored number (§2.1). */
export const SURVEY_STEP = STEP.curriculum + 1;
/** The Pricing step's stored number: 4 without the survey step, 5 with it (§2.1's numbering note). */
export const pricingStep = (course: { hasSurvey: boolean }) => (course.hasSurvey ? SURVEY_STEP + 1 : SURVEY_STEP);

/** What Basic Setup and Additional Information must have left on the course (§5). */
export function courseProblems(course: AuthoredCourseRow): Problem[] {
  const missing: [keyof AuthoredCourseRow, string][] = [
    ['headline', 'HeadLine'],
    ['overview', 'OverView'],
    ['objectives', 'Objectives'],
    ['courseLevel', 'CourseLevel'],
    ['languageId', 'LanguageId'],
    ['effort', 'Effort'],
    ['instructorName', 'InstructorName'],
    ['thumbnailUrl', 'CourseThumbNail'],
    ['bannerUrl', 'CourseBanner'],
  ];
  const problems: Problem[] = missing.filter(([key]) => course[key] === null || course[key] === '').map(([, field]) => ({ field, message: `Additional Information is incomplete: ${field} is missing` }));
  // Continue on Additional Information stores step 3; Save Draft alone leaves step 2.
  if (course.stepNo < STEP.curriculum) problems.push({ field: 'stepNo', message: 'Additional Information has not been completed' });
  // A course with the survey step leaves the draft state only with a survey learners can answer.
  if (course.hasSurvey && (course.surveyId === null || !course.surveyOpen)) problems.push({ field: 'surveyId', message: SM.required });
  return problems;
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;

export function createSubmissionService(deps: {
  repo: AuthoringRepository;
  curriculum: CurriculumRepository;
  clock: Clock;
  rates: PricingRates;
  editable: (caller: Caller, courseId: number) => Promise<AuthoredCourseRow>;
}) {
  const { repo, clock, rates } = deps;

  const calculate = (basePriceKobo: number) => priceCourse(basePriceKobo, rates);

  function refuseIncomplete(problems: Problem[]) {
    if (!problems.length) return;
    // A missing survey alone gets §5's own words as the answer, not the general "not complete".
    throw badRequest(problems.every((p) => p.field === 'surveyId') ? SM.required : M.incomplete, problems);
  }

  /** Every step before Submit for Review, judged on what is stored (§5). */
  async function completeness(course: AuthoredCourseRow, stepReached: number): Promise<Problem[]> {
    const outline = toCurriculum(course, course.stepNo, await deps.curriculum.outline(course.id)).courseModules;
    const problems = [...courseProblems(course), ...curriculumProblems(outline)];
    // The curriculum step's Continue stores the next step: a course still at 3 never completed it.
    if (course.stepNo < SURVEY_STEP) problems.push({ field: 'stepNo', message: SM.curriculumFirst });
    else if (course.stepNo < stepReached && !problems.some((p) => p.field === 'surveyId')) problems.push({ field: 'surveyId', message: SM.surveyStepFirst });
    return problems;
  }

  async function submit(
    caller: Caller,
    audit: Audit,
    course: AuthoredCourseRow,
    price: { basePriceKobo: number; vatKobo: number; gatewayChargeKobo: number; priceKobo: number },
    stepNo: number,
    what: string,
    also: { surveyId?: number } = {},
  ): Promise<CourseSubmission> {
    const now = clock.now();
    // The lifecycle decides (decision 037): a draft goes to the first level of its partner's review.
    const answer = transition(stageOf(course), { type: 'submit' }, { userId: caller.userId, permissions: caller.permissions }, null);
    if (!answer.ok) throw conflict(CM.notDraft);
    const stored = storedStage(answer.next);
    const row = await repo.update(
      course.id,
      { ...price, ...also, ...stored, reviewApprovedBy: [...stored.reviewApprovedBy], submittedByUserId: caller.userId, editedByUserId: caller.userId, submittedAt: now, stepNo: Math.max(course.stepNo, stepNo), updatedAt: now },
      audit.row(course.id, `Submitted course ${course.id} “${course.title}” for review (${what})`),
      { actorUserId: caller.userId, action: 'submit', fromStatus: course.approvalStatus, toStatus: stored.approvalStatus, level: null, comment: null },
    );
    if (!row) throw conflict(CM.notDraft);
    return {
      courseId: row.id,
      approvalStatus: row.approvalStatus,
      draft: row.draft,
      basePrice: toNaira(price.basePriceKobo),
      vat: toNaira(price.vatKobo),
      gatewayCharge: toNaira(price.gatewayChargeKobo),
      amount: toNaira(price.priceKobo),
      submittedAt: now.toISOString(),
    };
  }

  return {
    /** Checks that leave nothing behind, for the curriculum step to run before it saves. */
    assertCourseComplete(course: AuthoredCourseRow) {
      refuseIncomplete(courseProblems(course));
    },

    /** Pricing's Submit for Review: a paid, complete draft, priced here whatever the client sent. */
    async submitPaid(caller: Caller, audit: Audit, body: { courseId: number; currencyId: number; basePrice: number }): Promise<CourseSubmission> {
      const course = await deps.editable(caller, body.courseId);
      if (!course.isPaid) throw badRequest(M.notPaid, [{ field: 'courseId', message: M.notPaid }]);
      const currency = CURRENCIES.find((c) => c.id === body.currencyId);
      if (!currency) throw badRequest(M.unknownCurrency, [{ field: 'currencyId', message: M.unknownCurrency }]);
      const step = pricingStep(course);
      refuseIncomplete(await completeness(course, step));
      const price = calculate(toKobo(body.basePrice));
      return submit(caller, audit, course, { basePriceKobo: price.basePrice, vatKobo: price.vat, gatewayChargeKobo: price.gatewayCharge, priceKobo: price.amount }, step, `${currency.name} ${toNaira(price.amount).toFixed(2)}`);
    },

    /**
     * The End of course Survey step of a free course: nothing follows it, so choosing the survey
     * submits the course, in one change (the survey is recorded only with the submission).
     */
    async submitFreeWithSurvey(caller: Caller, audit: Audit, course: AuthoredCourseRow, survey: { id: number; title: string }): Promise<CourseSubmission> {
      const withSurvey = { ...course, surveyId: survey.id, surveyOpen: true };
      refuseIncomplete(await completeness(withSurvey, SURVEY_STEP));
      return submit(caller, audit, withSurvey, { basePriceKobo: 0, vatKobo: 0, gatewayChargeKobo: 0, priceKobo: 0 }, SURVEY_STEP, `free, with the survey “${survey.title}”`, { surveyId: survey.id });
    },

    /**
     * A free course without a survey step is submitted from Build Curriculum, once its curriculum
     * has been saved (and so judged by §5). Free: every amount is 0.
     */
    submitFree(caller: Caller, audit: Audit, course: AuthoredCourseRow): Promise<CourseSubmission> {
      return submit(caller, audit, course, { basePriceKobo: 0, vatKobo: 0, gatewayChargeKobo: 0, priceKobo: 0 }, STEP.curriculum, 'free, from Build Curriculum');
    },
  };
}
