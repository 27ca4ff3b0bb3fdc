// Course authoring's rules, first slice (spec 001 §2.1–§2.3, §4, §5; decision 029): Basic Setup
// creates or changes a draft, Additional Information completes it, and the stored step number is
// where an opened course resumes. Only drafts change here; the review slices take over after.
import { COURSE_AUTHORING_MESSAGES as M, EDIT_CHECK_MESSAGES, promoTooLargeMessage, type CourseDraft, type CourseEditCheck, type CourseRevision } from '@rivet/shared/api/course-authoring';
import { LIFECYCLE_MESSAGES, reviewDutyConflict, stageOf, startRevision, storedStage, transition } from '@rivet/shared/domain/course-lifecycle';
import { LIBRARY_KINDS } from '@rivet/shared/api/content-library';
import { COURSE_LEVELS, COURSE_TYPES, STEP } from '@rivet/shared/domain/course-authoring';
import { hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { scopedInstitutionId } from '../http/access';
import { badRequest, conflict, notFound } from '../http/errors';
import type { AuthoredCourseRow, AuthoringRepository } from './authoring.repository';
import type { CourseFileSweeper } from './course-files';
import type { CourseImageStores } from './course-images';
import type { PromoVideoStore } from './promo-video';
import { isBlankRichText, sanitiseRichText } from './rich-text';

const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
/** Start dates are calendar days; kept as midnight UTC so the day reads back unchanged. */
const startOfDay = (yyyyMmDd: string) => new Date(`${yyyyMmDd}T00:00:00Z`);

function toDraft(row: AuthoredCourseRow, promoVideoMaxBytes: number): CourseDraft {
  return {
    courseId: row.id,
    title: row.title,
    description: row.description,
    courseCategoryId: row.courseCategoryId,
    courseCategoryName: row.courseCategoryName,
    courseType: row.courseType,
    courseTypeName: COURSE_TYPES.find((c) => c.id === row.courseType)?.name ?? '',
    startDate: dateOnly(row.startDate),
    institutionId: row.institutionId,
    institution: row.institution,
    isPaid: row.isPaid,
    hasSurvey: row.hasSurvey,
    surveyId: row.surveyId,
    headLine: row.headline,
    overView: row.overview,
    courseLevel: row.courseLevel,
    courseLevelName: COURSE_LEVELS.find((l) => l.id === row.courseLevel)?.name ?? '',
    languageId: row.languageId,
    objectives: row.objectives,
    effort: row.effort,
    instructorName: row.instructorName,
    courseThumbNailUrl: row.thumbnailUrl,
    courseBannerUrl: row.bannerUrl,
    coursePromotionalVideoUrl: row.promoVideoUrl,
    promotionalVideoMaxBytes: promoVideoMaxBytes,
    promote: row.promote,
    basePrice: row.basePriceKobo / 100,
    vat: row.vatKobo / 100,
    gatewayCharge: row.gatewayChargeKobo / 100,
    coursePrice: row.priceKobo / 100,
    approvalStatus: row.approvalStatus,
    draft: row.draft,
    stepNo: row.stepNo,
    reviewComment: row.reviewComment,
    revisionOfCourseId: row.revisionOfCourseId,
  };
}

const searchText = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

export interface BasicSetupInput {
  courseId?: number | null;
  institutionId?: number | null;
  title: string;
  description: string;
  courseCategoryId: number;
  courseType: number;
  startDate: string;
  isPaid: boolean;
  hasSurvey: boolean;
}

export interface OtherDetailsInput {
  CourseId: number;
  HeadLine: string;
  OverView: string;
  CourseLevel: number;
  LanguageId: number;
  Objectives: string;
  Effort: string;
  InstructorName: string;
  Promote: boolean;
  CoursePromotionalVideoGuid?: string;
  RemoveCoursePromotionalVideo: boolean;
  StepNo: '2' | '3';
}

export interface OtherDetailsFiles {
  thumbnail?: File;
  banner?: File;
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;

export function createAuthoringService(deps: { repo: AuthoringRepository; clock: Clock; images: CourseImageStores; promo: PromoVideoStore; promoVideoMaxBytes: number; files: CourseFileSweeper }) {
  const { repo, clock, images, promo, promoVideoMaxBytes } = deps;
  const draftOf = (row: AuthoredCourseRow) => toDraft(row, promoVideoMaxBytes);

  /**
   * The course, if the caller may author it. Another institution's course answers 404 as a
   * missing one does, so institution staff cannot learn which ids exist elsewhere.
   */
  async function reachable(caller: Caller, courseId: number): Promise<AuthoredCourseRow> {
    const row = await repo.find(courseId);
    if (!row || (isInstitutionScoped(caller.roleType) && row.institutionId !== caller.institutionId)) throw notFound(M.notFound);
    // A reviewer who does not author courses sees a course once it is submitted, never a draft.
    if (row.draft && !hasAnyPermission(caller.permissions, 'createCourse')) throw notFound(M.notFound);
    return row;
  }

  /**
   * The course, if the caller may change it now. A rejected course goes back to its authors: the
   * first change makes it a draft again (the lifecycle's 'edit', recorded as a review event), to be
   * submitted anew from the start of the workflow (decision 043). A course under review or
   * published stays as it is (409).
   */
  async function editable(caller: Caller, courseId: number) {
    const row = await reachable(caller, courseId);
    if (row.draft) return row;
    const from = stageOf(row);
    const answer = transition(from, { type: 'edit' }, { userId: caller.userId, permissions: caller.permissions }, null);
    if (!answer.ok || from.stage !== 'rejected' || !hasAnyPermission(caller.permissions, 'createCourse')) throw conflict(M.notDraft);
    const stored = storedStage(answer.next);
    const reopened = await repo.reopen(
      row.id,
      { ...stored, reviewApprovedBy: [...stored.reviewApprovedBy], updatedAt: clock.now() },
      { actorUserId: caller.userId, action: 'edit', fromStatus: row.approvalStatus, toStatus: stored.approvalStatus, level: null, comment: null },
    );
    if (!reopened) throw conflict(M.notDraft);
    return reopened;
  }

  async function partnerFor(caller: Caller, requested: number | null | undefined) {
    const institutionId = scopedInstitutionId(caller, requested);
    if (!institutionId) throw badRequest(M.partner, [{ field: 'institutionId', message: M.partner }]);
    const partner = await repo.partner(institutionId);
    // Courses belong to partners, never to the platform's own record.
    if (!partner || partner.isPlatform) throw badRequest(M.partnerNotFound, [{ field: 'institutionId', message: M.partnerNotFound }]);
    return partner;
  }

  return {
    /** The access rules, for the curriculum service beside this one. */
    reachable,
    editable,

    async get(caller: Caller, courseId: number): Promise<CourseDraft> {
      const row = await reachable(caller, courseId);
      // Review mode offers Approve and Reject only to whom separation of duties allows (decision 076).
      const stage = stageOf(row);
      const reviewConflict =
        stage.stage === 'partnerReview' || stage.stage === 'qaReview'
          ? reviewDutyConflict(
              stage,
              { institutionId: row.institutionId, partner: row.institutionFullName, isPlatform: row.institutionIsPlatform, createdByUserId: row.createdByUserId, editedByUserId: row.editedByUserId },
              { userId: caller.userId, institutionId: caller.institutionId, institutionScoped: isInstitutionScoped(caller.roleType) },
            )
          : null;
      return { ...draftOf(row), reviewConflict };
    },

    /**
     * Course/Update/Check: what the lifecycle (decision 037) lets an author do with the course now.
     * A published course is changed through its revision (decision 048): allowed unless one waits
     * for review, which answers 'Awaiting Approval'.
     */
    async check(caller: Caller, courseId: number): Promise<CourseEditCheck> {
      const row = await reachable(caller, courseId);
      const stage = stageOf({ draft: row.draft, approvalStatus: row.approvalStatus, reviewLevel: 0, reviewApprovedBy: [] });
      const author = hasAnyPermission(caller.permissions, 'createCourse');
      if (stage.stage === 'published') {
        const revision = await repo.openRevision(row.id);
        const start = startRevision(stage, revision ? stageOf(revision) : null);
        const canEdit = start.ok && author;
        const message = start.ok ? (author ? null : EDIT_CHECK_MESSAGES.published) : start.message;
        return { courseId: row.id, canEdit, stage: stage.stage, approvalStatus: row.approvalStatus, stepNo: row.stepNo, message, revisionId: revision?.id ?? null };
      }
      const canEdit = transition(stage, { type: 'edit' }, { userId: caller.userId, permissions: caller.permissions }, null).ok && author;
      const message = canEdit ? null : stage.stage === 'draft' || stage.stage === 'rejected' ? null : EDIT_CHECK_MESSAGES.awaitingApproval;
      return { courseId: row.id, canEdit, stage: stage.stage, approvalStatus: row.approvalStatus, stepNo: row.stepNo, message };
    },

    /**
     * Course/Revision: the revision the wizard edits instead of a published course (decision 048),
     * made on first use. While one waits for review: 409 'Awaiting Approval', nothing changes.
     */
    async revise(caller: Caller, audit: Audit, courseId: number): Promise<CourseRevision> {
      const row = await reachable(caller, courseId);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const revision = await repo.openRevision(row.id);
        const start = startRevision(stageOf({ draft: row.draft, approvalStatus: row.approvalStatus, reviewLevel: 0, reviewApprovedBy: [] }), revision ? stageOf(revision) : null);
        if (!start.ok) throw conflict(start.message);
        if (revision) {
          audit.waive('opening the open revision again changes nothing');
          return { courseId: revision.id, revisionOfCourseId: row.id, created: false, stepNo: revision.stepNo };
        }
        const created = await repo.createRevision(row.id, clock.now(), caller.userId, (revisionId) =>
          audit.row(row.id, `Started revision ${revisionId} of published course ${row.id} “${row.title}”: learners keep the published course until the revision is approved`),
        );
        if (created !== null) return { courseId: created, revisionOfCourseId: row.id, created: true, stepNo: row.stepNo };
      }
      throw conflict(LIFECYCLE_MESSAGES.awaitingApproval);
    },

    async saveBasicSetup(caller: Caller, audit: Audit, input: BasicSetupInput): Promise<{ courseId: number; created: boolean }> {
      const existing = input.courseId ? await editable(caller, input.courseId) : null;
      const partner = existing
        ? await partnerFor(caller, existing.institutionId)
        : await partnerFor(caller, input.institutionId);
      if (existing && input.institutionId && input.institutionId !== existing.institutionId) {
        // A draft's partner is fixed: its instructor and images were chosen for that partner.
        if (isInstitutionScoped(caller.roleType)) throw notFound(M.notFound);
        throw badRequest(M.partner, [{ field: 'institutionId', message: 'A course’s partner cannot be changed' }]);
      }
      const category = await repo.category(input.courseCategoryId);
      const keepsCategory = existing?.courseCategoryId === input.courseCategoryId;
      if (!category || (!category.isActive && !keepsCategory)) throw badRequest(M.categoryInactive, [{ field: 'courseCategoryId', message: M.categoryInactive }]);

      const values = {
        title: input.title,
        description: input.description,
        courseCategoryId: category.id,
        courseType: input.courseType,
        startDate: startOfDay(input.startDate),
        isPaid: input.isPaid,
        hasSurvey: input.hasSurvey,
        // A course without the survey step keeps no survey (learners would otherwise be asked one).
        ...(input.hasSurvey ? {} : { surveyId: null }),
        searchText: searchText([input.title, existing?.headline, input.description, category.name, partner.name, partner.fullName]),
        stepNo: Math.max(existing?.stepNo ?? 1, STEP.additional),
        editedByUserId: caller.userId,
        updatedAt: clock.now(),
      };
      if (existing) {
        const row = await repo.update(existing.id, values, audit.row(existing.id, `Updated the basic setup of course ${existing.id} “${input.title}”`));
        if (!row) throw conflict(M.notDraft);
        return { courseId: row.id, created: false };
      }
      const courseId = await repo.create({ ...values, institutionId: partner.id, draft: true, createdByUserId: caller.userId }, (id) =>
        audit.row(id, `Created draft course ${id} “${input.title}” for ${partner.name}`),
      );
      return { courseId, created: true };
    },

    async saveOtherDetails(caller: Caller, audit: Audit, input: OtherDetailsInput, files: OtherDetailsFiles): Promise<CourseDraft> {
      const existing = await editable(caller, input.CourseId);
      const errors: { field: string; message: string }[] = [];
      const overview = sanitiseRichText(input.OverView);
      const objectives = sanitiseRichText(input.Objectives);
      if (isBlankRichText(overview)) errors.push({ field: 'OverView', message: M.overview });
      if (isBlankRichText(objectives)) errors.push({ field: 'Objectives', message: M.objectives });
      const language = await repo.language(input.LanguageId);
      if (!language || !language.isActive) errors.push({ field: 'LanguageId', message: M.languageUnknown });
      // A course keeps its instructor's name (decision 075): the name it already has is accepted
      // even once that instructor is deactivated or renamed, so reopening a draft never blocks it.
      const instructorName = input.InstructorName === existing.instructorName ? existing.instructorName : (await repo.activeInstructor(existing.institutionId, input.InstructorName))?.name;
      if (!instructorName) errors.push({ field: 'InstructorName', message: M.instructorUnknown });
      if (!files.thumbnail && !existing.thumbnailUrl) errors.push({ field: 'CourseThumbNail', message: M.thumbnail });
      if (!files.banner && !existing.bannerUrl) errors.push({ field: 'CourseBanner', message: M.banner });
      const promoGuid = input.CoursePromotionalVideoGuid || null;
      const promoFile = promoGuid ? await repo.libraryFile(promoGuid) : null;
      if (promoGuid && input.RemoveCoursePromotionalVideo) errors.push({ field: 'CoursePromotionalVideo', message: M.promoBoth });
      // Another partner's file reads as missing: its guid says nothing about what it is.
      else if (promoGuid && (!promoFile || promoFile.institutionId !== existing.institutionId)) errors.push({ field: 'CoursePromotionalVideo', message: M.promoNotInLibrary });
      // The library judged the bytes when the upload completed (decision 030): only an MP4 is a video.
      else if (promoFile && (promoFile.fileType !== LIBRARY_KINDS.video.fileType || promoFile.contentType !== 'video/mp4')) errors.push({ field: 'CoursePromotionalVideo', message: M.unsupportedFile });
      else if (promoFile && promoFile.sizeBytes > promoVideoMaxBytes) errors.push({ field: 'CoursePromotionalVideo', message: promoTooLargeMessage(promoVideoMaxBytes) });
      if (errors.length) throw badRequest(errors[0]!.message, errors);

      // Images are stored only once everything else is known to be good, and removed again if
      // the change does not go through; the ones they replace go after it has.
      const stored: { thumbnail?: string; banner?: string; promo?: string } = {};
      try {
        if (files.thumbnail) stored.thumbnail = await images.thumbnail.save(files.thumbnail, 'CourseThumbNail');
        if (files.banner) stored.banner = await images.banner.save(files.banner, 'CourseBanner');
        if (promoFile) stored.promo = await promo.publish(promoFile.storageKey);
        const promoVideoUrl = stored.promo ?? (input.RemoveCoursePromotionalVideo ? null : existing.promoVideoUrl);
        const promoNote = stored.promo ? ', with a new promotional video' : input.RemoveCoursePromotionalVideo && existing.promoVideoUrl ? ', removing its promotional video' : '';
        const row = await repo.update(
          existing.id,
          {
            headline: input.HeadLine,
            overview,
            objectives,
            courseLevel: input.CourseLevel,
            languageId: language!.id,
            effort: input.Effort,
            instructorName: instructorName!,
            promote: input.Promote,
            thumbnailUrl: stored.thumbnail ?? existing.thumbnailUrl,
            bannerUrl: stored.banner ?? existing.bannerUrl,
            promoVideoUrl,
            stepNo: Math.max(existing.stepNo, Number(input.StepNo)),
            searchText: searchText([existing.title, input.HeadLine, existing.description, existing.courseCategoryName, existing.institution, existing.institutionFullName]),
            editedByUserId: caller.userId,
            updatedAt: clock.now(),
          },
          audit.row(existing.id, `${input.StepNo === '2' ? 'Saved a draft of' : 'Saved'} the additional information of course ${existing.id} “${existing.title}”${promoNote}`),
        );
        if (!row) throw conflict(M.notDraft);
        // The replaced files go unless something still names them: a revision starts with its
        // published course's files, which learners still see (decisions 048, 059). Never throws,
        // so the new files, now in use, are never removed by the catch below.
        await deps.files.sweep(
          [stored.thumbnail ? existing.thumbnailUrl : null, stored.banner ? existing.bannerUrl : null, stored.promo || input.RemoveCoursePromotionalVideo ? existing.promoVideoUrl : null],
          `course ${existing.id} additional information saved`,
        );
        return draftOf(row);
      } catch (error) {
        await images.thumbnail.remove(stored.thumbnail);
        await images.banner.remove(stored.banner);
        await promo.remove(stored.promo);
        throw error;
      }
    },

    instructors(caller: Caller, query: { InstitutionId?: number; IsActive?: boolean }) {
      return repo.instructors({ institutionId: scopedInstitutionId(caller, query.InstitutionId), isActive: query.IsActive });
    },
  };
}
