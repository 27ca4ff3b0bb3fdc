// Build Curriculum's rules on the server (spec 001 §2.4, §4, §5; decision 031). The curriculum is
// judged by shared/domain/curriculum.ts (the console's builder uses the same functions) after its
// rich text is sanitised, so what is checked is exactly what is stored and what learners see.
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import type { ProcessingState } from '@rivet/shared/api/content-library';
import type { Curriculum, CurriculumAssetOut, SaveCurriculumBody } from '@rivet/shared/api/course-curriculum';
import { ASSET_TYPE, CURRICULUM_MESSAGES as M, curriculumProblems, normaliseQuiz, type Problem } from '@rivet/shared/domain/curriculum';
import { STEP } from '@rivet/shared/domain/course-authoring';
import { courseMinutes, readingMinutes } from '@rivet/shared/domain/course-duration';
import type { Audit } from '../audit/audit';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { badRequest, conflict } from '../http/errors';
import { storedQuiz } from '../learning/learning.mappers';
import type { AuthoredCourseRow } from './authoring.repository';
import type { CurriculumRepository, CurriculumRow, ExistingItems, PlannedModule } from './curriculum.repository';

type LibraryFile = Awaited<ReturnType<CurriculumRepository['libraryFiles']>>[number];
import { sanitiseRichText } from './rich-text';
import type { SubmissionService } from './submission.service';

const MEDIA_TYPES: readonly number[] = [ASSET_TYPE.audio, ASSET_TYPE.image, ASSET_TYPE.video, ASSET_TYPE.compressVideo];

/** The rows in the contract's nested shape, in order. */
/** A library file's processing, by storage key (docs/decisions/033). */
export type ProcessingByKey = Map<string, { state: string; error: string | null }>;

export function toCurriculum(course: AuthoredCourseRow, stepNo: number, rows: CurriculumRow[], processing: ProcessingByKey = new Map()): Curriculum {
  const modules: Curriculum['courseModules'] = [];
  const byModule = new Map<number, Curriculum['courseModules'][number]>();
  const bySection = new Map<number, Curriculum['courseModules'][number]['items'][number]>();
  for (const r of rows) {
    let module = byModule.get(r.moduleId);
    if (!module) {
      module = { courseModuleId: r.moduleId, title: r.moduleTitle, items: [] };
      byModule.set(r.moduleId, module);
      modules.push(module);
    }
    if (r.sectionId === null) continue;
    let section = bySection.get(r.sectionId);
    if (!section) {
      section = { courseModuleItemId: r.sectionId, title: r.sectionTitle ?? '', courseModuleItemAssets: [] };
      bySection.set(r.sectionId, section);
      module.items.push(section);
    }
    if (r.assetId === null || r.assetType === null) continue;
    const asset: CurriculumAssetOut = {
      courseModuleItemAssetId: r.assetId,
      assetType: r.assetType,
      title: r.assetTitle ?? '',
      url: r.url,
      body: r.assetType === ASSET_TYPE.article ? (r.body ?? '') : null,
      quiz: r.assetType === ASSET_TYPE.quiz ? storedQuiz(r.quiz) : null,
      altText: r.assetType === ASSET_TYPE.image ? r.altText : null,
    };
    const processed = r.url ? processing.get(r.url) : undefined;
    if (processed) asset.processing = { state: processed.state as ProcessingState, error: processed.error };
    section.courseModuleItemAssets.push(asset);
  }
  return { courseId: course.id, title: course.title, isPaid: course.isPaid, hasSurvey: course.hasSurvey, draft: course.draft, stepNo, courseModules: modules };
}

/**
 * The stored step a completed curriculum leads to (§2.1's numbering): the End of course Survey
 * (4) when the course has one, else Pricing (4) when it is paid; null when neither follows, so
 * the course is submitted for review from here instead (the pricing slice builds that).
 */
export function stepAfterCurriculum(course: { hasSurvey: boolean; isPaid: boolean }): number | null {
  return course.hasSurvey || course.isPaid ? STEP.curriculum + 1 : null;
}

export type CurriculumService = ReturnType<typeof createCurriculumService>;

export function createCurriculumService(deps: {
  repo: CurriculumRepository;
  clock: Clock;
  editable: (caller: Caller, courseId: number) => Promise<AuthoredCourseRow>;
  reachable: (caller: Caller, courseId: number) => Promise<AuthoredCourseRow>;
  /** Submit for Review, for a course with no step after this one (decision 032). */
  submission: Pick<SubmissionService, 'assertCourseComplete' | 'submitFree'>;
}) {
  const { repo, clock } = deps;

  /** Ids must be the course's own, each used once, and a kept asset keeps its type. */
  function idProblems(body: SaveCurriculumBody, existing: ExistingItems, files: Map<string, LibraryFile>, institutionId: number): Problem[] {
    const problems: Problem[] = [];
    const seen = new Set<string>();
    const once = (kind: string, id: number, field: string) => {
      if (seen.has(`${kind}:${id}`)) problems.push({ field, message: `${kind} ${id} appears more than once` });
      seen.add(`${kind}:${id}`);
    };
    body.courseModules.forEach((module, m) => {
      const at = `courseModules.${m}`;
      if (module.courseModuleId != null) {
        if (!existing.modules.has(module.courseModuleId)) problems.push({ field: `${at}.courseModuleId`, message: `Module ${module.courseModuleId} is not part of this course` });
        once('Module', module.courseModuleId, `${at}.courseModuleId`);
      }
      module.items.forEach((section, s) => {
        const sectionAt = `${at}.items.${s}`;
        if (section.courseModuleItemId != null) {
          if (!existing.sections.has(section.courseModuleItemId)) problems.push({ field: `${sectionAt}.courseModuleItemId`, message: `Section ${section.courseModuleItemId} is not part of this course` });
          once('Section', section.courseModuleItemId, `${sectionAt}.courseModuleItemId`);
        }
        section.courseModuleItemAssets.forEach((asset, a) => {
          const assetAt = `${sectionAt}.courseModuleItemAssets.${a}`;
          const assetId = asset.courseModuleItemAssetId;
          if (MEDIA_TYPES.includes(asset.assetType) && asset.fileGuid) {
            const file = files.get(asset.fileGuid);
            // Another partner's file reads as missing, as a missing one does.
            if (!file || file.institutionId !== institutionId) problems.push({ field: `${assetAt}.fileGuid`, message: M.fileNotFound });
            else if (file.fileType !== asset.assetType) problems.push({ field: `${assetAt}.fileGuid`, message: M.fileWrongType });
          }
          if (assetId == null) {
            // New media show a file of the content library: without one there is nothing to show.
            if (MEDIA_TYPES.includes(asset.assetType) && !asset.fileGuid) problems.push({ field: `${assetAt}.fileGuid`, message: M.mediaNeedsUpload });
            return;
          }
          const stored = existing.assets.get(assetId);
          if (!stored) problems.push({ field: `${assetAt}.courseModuleItemAssetId`, message: `Content ${assetId} is not part of this course` });
          else if (stored.assetType !== asset.assetType) problems.push({ field: `${assetAt}.assetType`, message: 'A content item keeps its type: remove it and add new content instead' });
          once('Content', assetId, `${assetAt}.courseModuleItemAssetId`);
        });
      });
    });
    return problems;
  }

  async function processingOf(rows: CurriculumRow[]): Promise<ProcessingByKey> {
    const keys = [...new Set(rows.flatMap((r) => (r.url?.startsWith('content:') ? [r.url] : [])))];
    return new Map((await repo.processingOf(keys)).map((p) => [p.storageKey, { state: p.state, error: p.error }]));
  }

  return {
    async get(caller: Caller, courseId: number): Promise<Curriculum> {
      const course = await deps.reachable(caller, courseId);
      const rows = await repo.outline(courseId);
      return toCurriculum(course, course.stepNo, rows, await processingOf(rows));
    },

    /** `submitted` when Continue submitted the course for review (a free course without a survey). */
    async save(caller: Caller, audit: Audit, body: SaveCurriculumBody, saveDraft: boolean): Promise<Curriculum & { submitted: boolean }> {
      const course = await deps.editable(caller, body.courseId);
      const after = saveDraft ? STEP.curriculum : stepAfterCurriculum(course);
      // Nothing follows: Continue is Submit for Review, refused before anything is saved if
      // an earlier step is incomplete (the curriculum itself is judged below, as on any save).
      const submits = after === null;
      if (submits) deps.submission.assertCourseComplete(course);
      const next = after ?? STEP.curriculum;

      // Rich text is sanitised first: the rules judge what would be stored.
      const modules = body.courseModules.map((module) => ({
        ...module,
        title: module.title.trim(),
        items: module.items.map((section) => ({
          ...section,
          title: section.title.trim(),
          courseModuleItemAssets: section.courseModuleItemAssets.map((asset) => ({
            ...asset,
            title: asset.title.trim(),
            body: asset.assetType === ASSET_TYPE.article ? sanitiseRichText(asset.body ?? '') : null,
            quiz: asset.assetType === ASSET_TYPE.quiz && asset.quiz ? { ...asset.quiz, data: asset.quiz.data.map((q) => ({ ...q, question: sanitiseRichText(q.question) })) } : null,
            // Plain text (React escapes it where it is shown); kept for images only.
            altText: asset.assetType === ASSET_TYPE.image ? (asset.altText ?? '').trim() : null,
          })),
        })),
      }));
      const existing = await repo.existing(course.id);
      const guids = [...new Set(modules.flatMap((m) => m.items.flatMap((s) => s.courseModuleItemAssets.flatMap((a) => (MEDIA_TYPES.includes(a.assetType) && a.fileGuid ? [a.fileGuid] : [])))))];
      const files = new Map((await repo.libraryFiles(guids)).map((f) => [f.guid, f]));
      const problems = [...idProblems(body, existing, files, course.institutionId), ...curriculumProblems(modules)];
      if (problems.length) throw badRequest(problems[0]!.message, problems);

      // Its quizzes keep their type (QuizContent) for the length below; `satisfies` checks it is what the repository takes.
      const plan = modules.map((module) => ({
        id: module.courseModuleId ?? null,
        title: module.title,
        sections: module.items.map((section) => ({
          id: section.courseModuleItemId ?? null,
          title: section.title,
          assets: section.courseModuleItemAssets.map((asset) => {
            const id = asset.courseModuleItemAssetId ?? null;
            if (asset.assetType === ASSET_TYPE.article) {
              const duration = readingMinutes(asset.body!);
              return { id, assetType: asset.assetType, title: asset.title, body: asset.body!, quiz: null, duration, url: null, altText: null };
            }
            if (asset.assetType === ASSET_TYPE.quiz) {
              const quiz = normaliseQuiz(asset.quiz!);
              return { id, assetType: asset.assetType, title: quiz.name, body: null, quiz, duration: null, url: null, altText: null };
            }
            // Media: a new library file (its running time is not known yet), or a kept upload as it is.
            const file = asset.fileGuid ? files.get(asset.fileGuid)! : null;
            // A video's length comes from its processing (seconds); until then it counts as none,
            // and the processing's end adds it to the course (content-library.repository.ts finish).
            const duration = file ? (file.durationSeconds ?? null) : (existing.assets.get(id!)?.duration ?? null);
            return { id, assetType: asset.assetType, title: asset.title, body: null, quiz: null, duration, url: file?.storageKey ?? null, altText: asset.altText };
          }),
        })),
      })) satisfies PlannedModule[];

      // The one rule every writer of a course's length uses (decision 080).
      const minutes = courseMinutes(
        plan.flatMap((m) => m.sections.flatMap((sec) => sec.assets.map((a) => ({ assetType: a.assetType, duration: a.duration, quiz: a.quiz && { timed: a.quiz.timed, duration: a.quiz.duration, questions: a.quiz.data.length } })))),
      );
      const stepNo = Math.max(course.stepNo, next);
      const counts = `${plan.length} module${plan.length === 1 ? '' : 's'}, ${plan.reduce((n, m) => n + m.sections.length, 0)} sections`;
      const rows = await repo.save(
        course.id,
        plan,
        { stepNo, durationMinutes: minutes, updatedAt: clock.now(), editedByUserId: caller.userId },
        audit.row(course.id, `${saveDraft ? 'Saved a draft of' : 'Completed'} the curriculum of course ${course.id} “${course.title}” (${counts})`),
      );
      if (!rows) throw conflict(COURSE_AUTHORING_MESSAGES.notDraft);
      if (!submits) return { ...toCurriculum(course, stepNo, rows, await processingOf(rows)), submitted: false };
      const submission = await deps.submission.submitFree(caller, audit, course);
      return { ...toCurriculum({ ...course, draft: submission.draft }, stepNo, rows, await processingOf(rows)), submitted: true };
    },
  };
}
