// Revisions of published courses (docs/decisions/048-course-revisions.md). A revision is a draft
// copy of the published course in the same tables (courses, course_modules, course_sections,
// course_assets), linked by `revision_of_course_id` and, item by item, by `origin_id`. Authoring
// and review treat it as any course; learners never see it (it is a draft, then pending review).
// When QA approves it, `applyRevision` writes it over the published course inside the approval's
// transaction and deletes it. Two modules need these pieces (authoring makes revisions, review
// applies them), so they live here rather than in either module's repository.
import { and, asc, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { Database } from './client';
import { refreshCourseMinutes } from './course-duration';
import * as t from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/** What a revision may change of the course itself: everything the wizard edits. */
const REVISABLE = {
  courseCategoryId: t.courses.courseCategoryId,
  languageId: t.courses.languageId,
  title: t.courses.title,
  description: t.courses.description,
  headline: t.courses.headline,
  overview: t.courses.overview,
  objectives: t.courses.objectives,
  courseType: t.courses.courseType,
  courseLevel: t.courses.courseLevel,
  effort: t.courses.effort,
  instructorName: t.courses.instructorName,
  startDate: t.courses.startDate,
  isPaid: t.courses.isPaid,
  basePriceKobo: t.courses.basePriceKobo,
  vatKobo: t.courses.vatKobo,
  gatewayChargeKobo: t.courses.gatewayChargeKobo,
  priceKobo: t.courses.priceKobo,
  hasSurvey: t.courses.hasSurvey,
  surveyId: t.courses.surveyId,
  thumbnailUrl: t.courses.thumbnailUrl,
  bannerUrl: t.courses.bannerUrl,
  promoVideoUrl: t.courses.promoVideoUrl,
  promote: t.courses.promote,
  durationMinutes: t.courses.durationMinutes,
  searchText: t.courses.searchText,
};

/** The open revision of a published course, if any, with its stage columns. */
export async function openRevisionOf(ex: Executor, courseId: number) {
  const [row] = await ex
    .select({ id: t.courses.id, draft: t.courses.draft, approvalStatus: t.courses.approvalStatus, reviewLevel: t.courses.reviewLevel, reviewApprovedBy: t.courses.reviewApprovedBy, stepNo: t.courses.stepNo })
    .from(t.courses)
    .where(eq(t.courses.revisionOfCourseId, courseId));
  return row ?? null;
}

/**
 * Copies the published course `courseId` into a new draft revision: the course's editable columns
 * and every module, section and asset, each copy remembering its original (`origin_id`). The
 * caller holds the published course's row lock. `userId`, who asked for the revision, is its
 * creator and editor (separation of duties, decision 076: they may not approve it). Returns the
 * revision's id.
 */
export async function copyAsRevision(tx: Tx, courseId: number, now: Date, userId: string): Promise<number> {
  const [source] = await tx.select({ ...REVISABLE, institutionId: t.courses.institutionId, stepNo: t.courses.stepNo }).from(t.courses).where(eq(t.courses.id, courseId));
  if (!source) throw new Error(`course ${courseId} vanished under its lock`);
  const [revision] = await tx
    .insert(t.courses)
    .values({ ...source, revisionOfCourseId: courseId, draft: true, approvalStatus: 1, reviewLevel: 0, reviewApprovedBy: [], createdByUserId: userId, editedByUserId: userId, createdAt: now, updatedAt: now })
    .returning({ id: t.courses.id });
  const revisionId = revision!.id;
  const modules = await tx.select().from(t.courseModules).where(eq(t.courseModules.courseId, courseId)).orderBy(asc(t.courseModules.position), asc(t.courseModules.id));
  for (const m of modules) {
    const [copy] = await tx.insert(t.courseModules).values({ courseId: revisionId, position: m.position, title: m.title, originId: m.id }).returning({ id: t.courseModules.id });
    const sections = await tx.select().from(t.courseSections).where(eq(t.courseSections.moduleId, m.id)).orderBy(asc(t.courseSections.position), asc(t.courseSections.id));
    for (const s of sections) {
      const [sectionCopy] = await tx.insert(t.courseSections).values({ moduleId: copy!.id, position: s.position, title: s.title, originId: s.id }).returning({ id: t.courseSections.id });
      const assets = await tx.select().from(t.courseAssets).where(eq(t.courseAssets.sectionId, s.id)).orderBy(asc(t.courseAssets.position), asc(t.courseAssets.id));
      if (assets.length) {
        await tx.insert(t.courseAssets).values(
          assets.map((a) => ({ sectionId: sectionCopy!.id, position: a.position, assetType: a.assetType, title: a.title, url: a.url, body: a.body, quiz: a.quiz, duration: a.duration, altText: a.altText, originId: a.id })),
        );
      }
    }
  }
  return revisionId;
}

export interface AppliedRevision {
  /** Sections of the published course kept (same id, learners' progress kept), added and removed. */
  keptSections: number;
  addedSections: number;
  removedSections: number;
  /** Assets whose media file changed: they get a new id, so an offline copy fetches them anew. */
  replacedMedia: number;
  /**
   * The published course's own files (thumbnail, banner, promotional video) the revision replaced
   * or removed. Nothing references them through this course any more; the caller deletes each that
   * nothing else references once the transaction has committed (decision 059).
   */
  replacedFiles: string[];
}

/** Which of these addresses a course (thumbnail, banner, promotional video) or a lesson asset still names. */
export async function referencedCourseFiles(ex: Executor, urls: readonly string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const list = [...urls];
  const courses = await ex
    .select({ thumbnail: t.courses.thumbnailUrl, banner: t.courses.bannerUrl, promo: t.courses.promoVideoUrl })
    .from(t.courses)
    .where(or(inArray(t.courses.thumbnailUrl, list), inArray(t.courses.bannerUrl, list), inArray(t.courses.promoVideoUrl, list)));
  const assets = await ex.selectDistinct({ url: t.courseAssets.url }).from(t.courseAssets).where(inArray(t.courseAssets.url, list));
  const named = new Set([...courses.flatMap((c) => [c.thumbnail, c.banner, c.promo]), ...assets.map((a) => a.url)]);
  return new Set(list.filter((url) => named.has(url)));
}

/**
 * Writes an approved revision over its published course and deletes the revision, inside the
 * approval's transaction (decision 048):
 * - the course's editable columns and the revenue formula QA approved the revision with;
 * - modules, sections and assets the revision kept (by `origin_id`) keep their ids and take the
 *   revision's titles, order and content, so learners' progress on those sections stays;
 * - an asset whose media file changed (another storage key, or another type) becomes a new asset:
 *   its new id tells every offline copy to fetch it, while unchanged ones keep their cache keys;
 * - items the revision added are inserted; items it removed are deleted, with the progress on them
 *   (it no longer counts toward completion); a learner's resume position on a removed section is
 *   cleared. Enrolments, completions and certificates are not touched;
 * - the revision's review events move to the published course (its history), then the revision
 *   row (and its copies of the content) is deleted.
 */
export async function applyRevision(tx: Tx, revisionId: number, courseId: number, now: Date): Promise<AppliedRevision> {
  // Whoever last edited the revision last edited what learners now see.
  const [revision] = await tx.select({ ...REVISABLE, revenueFormulaId: t.courses.revenueFormulaId, editedByUserId: t.courses.editedByUserId }).from(t.courses).where(eq(t.courses.id, revisionId));
  if (!revision) throw new Error(`revision ${revisionId} vanished under its lock`);
  const [before] = await tx.select({ thumbnailUrl: t.courses.thumbnailUrl, bannerUrl: t.courses.bannerUrl, promoVideoUrl: t.courses.promoVideoUrl }).from(t.courses).where(eq(t.courses.id, courseId));
  const replacedFiles = before ? [before.thumbnailUrl, before.bannerUrl, before.promoVideoUrl].filter((url): url is string => url !== null && url !== revision.thumbnailUrl && url !== revision.bannerUrl && url !== revision.promoVideoUrl) : [];
  // The formula QA approved the revision with fits the course (decision 076): nothing is left to re-pick.
  await tx.update(t.courses).set({ ...revision, revenueFormulaRepickFromId: null, updatedAt: now }).where(eq(t.courses.id, courseId));

  const publishedModules = new Set((await tx.select({ id: t.courseModules.id }).from(t.courseModules).where(eq(t.courseModules.courseId, courseId))).map((r) => r.id));
  const publishedSections = await tx
    .select({ id: t.courseSections.id })
    .from(t.courseSections)
    .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
    .where(eq(t.courseModules.courseId, courseId));
  const sectionIds = new Set(publishedSections.map((r) => r.id));
  const publishedAssets = new Map(
    (
      await tx
        .select({ id: t.courseAssets.id, url: t.courseAssets.url, assetType: t.courseAssets.assetType })
        .from(t.courseAssets)
        .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
        .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
        .where(eq(t.courseModules.courseId, courseId))
    ).map((r) => [r.id, r]),
  );

  const keptModules: number[] = [];
  const keptSections: number[] = [];
  const keptAssets: number[] = [];
  let added = 0;
  let replacedMedia = 0;
  const modules = await tx.select().from(t.courseModules).where(eq(t.courseModules.courseId, revisionId)).orderBy(asc(t.courseModules.position), asc(t.courseModules.id));
  for (const m of modules) {
    let moduleId = m.originId !== null && publishedModules.has(m.originId) ? m.originId : null;
    if (moduleId !== null) await tx.update(t.courseModules).set({ title: m.title, position: m.position }).where(eq(t.courseModules.id, moduleId));
    else moduleId = (await tx.insert(t.courseModules).values({ courseId, title: m.title, position: m.position }).returning({ id: t.courseModules.id }))[0]!.id;
    keptModules.push(moduleId);
    const sections = await tx.select().from(t.courseSections).where(eq(t.courseSections.moduleId, m.id)).orderBy(asc(t.courseSections.position), asc(t.courseSections.id));
    for (const s of sections) {
      let sectionId = s.originId !== null && sectionIds.has(s.originId) ? s.originId : null;
      if (sectionId !== null) {
        await tx.update(t.courseSections).set({ moduleId, title: s.title, position: s.position }).where(eq(t.courseSections.id, sectionId));
        keptSections.push(sectionId);
      } else {
        sectionId = (await tx.insert(t.courseSections).values({ moduleId, title: s.title, position: s.position }).returning({ id: t.courseSections.id }))[0]!.id;
        added += 1;
      }
      const assets = await tx.select().from(t.courseAssets).where(eq(t.courseAssets.sectionId, s.id)).orderBy(asc(t.courseAssets.position), asc(t.courseAssets.id));
      for (const a of assets) {
        const values = { sectionId, position: a.position, assetType: a.assetType, title: a.title, url: a.url, body: a.body, quiz: a.quiz, duration: a.duration, altText: a.altText };
        const origin = a.originId !== null ? publishedAssets.get(a.originId) : undefined;
        const sameMedia = origin !== undefined && origin.assetType === a.assetType && origin.url === a.url;
        if (origin && sameMedia) {
          await tx.update(t.courseAssets).set(values).where(eq(t.courseAssets.id, origin.id));
          keptAssets.push(origin.id);
        } else {
          if (origin) replacedMedia += 1;
          keptAssets.push((await tx.insert(t.courseAssets).values(values).returning({ id: t.courseAssets.id }))[0]!.id);
        }
      }
    }
  }

  const goneAssets = [...publishedAssets.keys()].filter((id) => !keptAssets.includes(id));
  if (goneAssets.length) await tx.delete(t.courseAssets).where(inArray(t.courseAssets.id, goneAssets));
  const goneSections = [...sectionIds].filter((id) => !keptSections.includes(id));
  if (goneSections.length) {
    await tx.update(t.enrollments).set({ currentModule: null, currentSection: null }).where(and(eq(t.enrollments.courseId, courseId), inArray(t.enrollments.currentSection, goneSections)));
    await tx.delete(t.courseSections).where(inArray(t.courseSections.id, goneSections));
  }
  const goneModules = [...publishedModules].filter((id) => !keptModules.includes(id));
  if (goneModules.length) {
    await tx.update(t.enrollments).set({ currentModule: null, currentSection: null }).where(and(eq(t.enrollments.courseId, courseId), inArray(t.enrollments.currentModule, goneModules)));
    await tx.delete(t.courseModules).where(and(eq(t.courseModules.courseId, courseId), notInArray(t.courseModules.id, keptModules.length ? keptModules : [0])));
  }

  // The length from the content now in place, not the revision's copy of it: a video measured
  // after the revision's last save counts too (decision 080).
  await refreshCourseMinutes(tx, [courseId]);
  await tx.update(t.courseReviewEvents).set({ courseId }).where(eq(t.courseReviewEvents.courseId, revisionId));
  await tx.delete(t.courses).where(eq(t.courses.id, revisionId));
  return { keptSections: keptSections.length, addedSections: added, removedSections: goneSections.length, replacedMedia, replacedFiles };
}
