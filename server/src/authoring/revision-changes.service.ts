// What an update of a published course changes (issue 28 §3; decision 078), for the reviewers who
// decide on it and the authors who wrote it. Who may read it is Course/Update/{id}'s rule; the
// comparison itself is `compareRevision`, a pure function of the two courses and their outlines.
import { COURSE_AUTHORING_MESSAGES } from '@rivet/shared/api/course-authoring';
import { REVISION_FIELDS, REVISION_CHANGES_MESSAGES, REVISION_PICTURES, type RevisionChanges, type RevisionField, type RevisionPrice } from '@rivet/shared/api/course-revision-changes';
import { COURSE_LEVELS, COURSE_TYPES } from '@rivet/shared/domain/course-authoring';
import { normaliseQuiz } from '@rivet/shared/domain/curriculum';
import { hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Caller } from '../http/context';
import { notFound } from '../http/errors';
import { storedQuiz } from '../learning/learning.mappers';
import type { ComparedCourse, OutlineAsset, OutlineModule, OutlineSection, RevisionChangesRepository } from './revision-changes.repository';

const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const blankToNull = (s: string | null | undefined) => (s && s.trim() ? s : null);
const onOff = (b: boolean) => (b ? 'activated' : 'Deactivated');

/** The course's fields as the wizard shows them, so a change reads the way the author typed it. */
function shownFields(c: ComparedCourse): Record<RevisionField, string | null> {
  return {
    title: c.title,
    description: c.description,
    category: c.category,
    courseType: COURSE_TYPES.find((x) => x.id === c.courseType)?.name ?? null,
    startDate: dateOnly(c.startDate),
    headline: blankToNull(c.headline),
    overview: blankToNull(c.overview),
    level: COURSE_LEVELS.find((x) => x.id === c.courseLevel)?.name ?? null,
    language: c.language,
    objectives: blankToNull(c.objectives),
    effort: blankToNull(c.effort),
    instructor: blankToNull(c.instructorName),
    // A course without the survey step has no survey, whatever an earlier choice left behind.
    survey: c.hasSurvey ? (c.survey ?? 'Not chosen') : 'None',
    promote: onOff(c.promote),
  };
}

const priceOf = (c: ComparedCourse): RevisionPrice => ({
  isPaid: c.isPaid,
  basePrice: c.basePriceKobo / 100,
  vat: c.vatKobo / 100,
  gatewayCharge: c.gatewayChargeKobo / 100,
  coursePrice: c.priceKobo / 100,
});

const samePrice = (a: RevisionPrice, b: RevisionPrice) =>
  a.isPaid === b.isPaid && a.basePrice === b.basePrice && a.vat === b.vat && a.gatewayCharge === b.gatewayCharge && a.coursePrice === b.coursePrice;

const picturesOf = (c: ComparedCourse) => ({ thumbnail: c.thumbnailUrl, banner: c.bannerUrl, promoVideo: c.promoVideoUrl });

/**
 * A quiz as the builder would store it (a duration without a timer, a pass mark without the
 * certificate requirement, spaces are dropped on every save): a save that only normalised it is no
 * change. Unreadable JSON compares as it is.
 */
const quizKey = (json: unknown): string => {
  const quiz = storedQuiz(json);
  return JSON.stringify(quiz ? normaliseQuiz(quiz) : json);
};

type ContentChange = RevisionChanges['sections'][number]['contents'][number];

/**
 * A section's content items compared with its original's. An item kept (by origin) with another
 * media file or type is "replaced" (approval makes it a new item, decision 048); one with other
 * words, article text or quiz is "edited".
 */
function compareContents(published: readonly OutlineAsset[], revised: readonly OutlineAsset[]): ContentChange[] {
  const changes: ContentChange[] = [];
  const byId = new Map(published.map((a) => [a.id, a]));
  const kept = new Set<number>();
  for (const a of revised) {
    const origin = a.originId !== null ? byId.get(a.originId) : undefined;
    if (!origin) {
      changes.push({ change: 'added', assetType: a.assetType, title: a.title });
      continue;
    }
    kept.add(origin.id);
    if (origin.assetType !== a.assetType || origin.url !== a.url) changes.push({ change: 'replaced', assetType: a.assetType, title: a.title });
    else if (origin.title !== a.title || origin.body !== a.body || origin.altText !== a.altText || quizKey(origin.quiz) !== quizKey(a.quiz)) changes.push({ change: 'edited', assetType: a.assetType, title: a.title });
  }
  for (const a of published) if (!kept.has(a.id)) changes.push({ change: 'removed', assetType: a.assetType, title: a.title });
  return changes;
}

/** The revision compared with the published course: only what differs. */
export function compareRevision(
  published: { course: ComparedCourse; outline: readonly OutlineModule[] },
  revision: { course: ComparedCourse; outline: readonly OutlineModule[] },
): RevisionChanges {
  const before = shownFields(published.course);
  const after = shownFields(revision.course);
  const fields = REVISION_FIELDS.filter(({ field }) => before[field] !== after[field]).map(({ field, label }) => ({ field, label, before: before[field], after: after[field] }));

  const priceBefore = priceOf(published.course);
  const priceAfter = priceOf(revision.course);
  const picturesBefore = picturesOf(published.course);
  const picturesAfter = picturesOf(revision.course);
  const pictures = REVISION_PICTURES.filter(({ picture }) => picturesBefore[picture] !== picturesAfter[picture]).map(({ picture, label }) => ({
    picture,
    label,
    before: picturesBefore[picture],
    after: picturesAfter[picture],
  }));

  const publishedModules = new Map(published.outline.map((m) => [m.id, m]));
  const publishedSections = new Map<number, { section: OutlineSection; module: OutlineModule }>();
  for (const module of published.outline) for (const section of module.sections) publishedSections.set(section.id, { section, module });

  const modules: RevisionChanges['modules'] = [];
  const sections: RevisionChanges['sections'] = [];
  const keptModules = new Set<number>();
  const keptSections = new Set<number>();
  for (const module of revision.outline) {
    const origin = module.originId !== null ? publishedModules.get(module.originId) : undefined;
    if (!origin) modules.push({ change: 'added', title: module.title, previousTitle: null });
    else {
      keptModules.add(origin.id);
      if (origin.title !== module.title) modules.push({ change: 'renamed', title: module.title, previousTitle: origin.title });
    }
    for (const section of module.sections) {
      const was = section.originId !== null ? publishedSections.get(section.originId) : undefined;
      if (!was) {
        sections.push({ change: 'added', module: module.title, title: section.title, previousTitle: null, previousModule: null, contents: [] });
        continue;
      }
      keptSections.add(was.section.id);
      const contents = compareContents(was.section.assets, section.assets);
      const renamed = was.section.title !== section.title;
      const moved = was.module.id !== origin?.id;
      if (renamed || moved || contents.length) {
        sections.push({
          change: 'edited',
          module: module.title,
          title: section.title,
          previousTitle: renamed ? was.section.title : null,
          previousModule: moved ? was.module.title : null,
          contents,
        });
      }
    }
  }
  for (const module of published.outline) {
    if (!keptModules.has(module.id)) modules.push({ change: 'removed', title: module.title, previousTitle: null });
    for (const section of module.sections) {
      if (!keptSections.has(section.id)) sections.push({ change: 'removed', module: module.title, title: section.title, previousTitle: null, previousModule: null, contents: [] });
    }
  }

  return {
    courseId: revision.course.id,
    publishedCourseId: published.course.id,
    fields,
    price: samePrice(priceBefore, priceAfter) ? null : { before: priceBefore, after: priceAfter },
    pictures,
    modules,
    sections,
  };
}

export type RevisionChangesService = ReturnType<typeof createRevisionChangesService>;

export function createRevisionChangesService(deps: { repo: RevisionChangesRepository }) {
  const { repo } = deps;
  return {
    async changes(caller: Caller, revisionId: number): Promise<RevisionChanges> {
      const revision = await repo.course(revisionId);
      // Course/Update/{id}'s rule: another partner's course reads as missing, and a reviewer who
      // does not author courses sees a revision once it is submitted, never while it is a draft.
      if (!revision || (isInstitutionScoped(caller.roleType) && revision.institutionId !== caller.institutionId)) throw notFound(COURSE_AUTHORING_MESSAGES.notFound);
      if (revision.draft && !hasAnyPermission(caller.permissions, 'createCourse')) throw notFound(COURSE_AUTHORING_MESSAGES.notFound);
      const published = revision.revisionOfCourseId !== null ? await repo.course(revision.revisionOfCourseId) : null;
      if (!published) throw notFound(REVISION_CHANGES_MESSAGES.notARevision);
      const [publishedOutline, revisionOutline] = await Promise.all([repo.outline(published.id), repo.outline(revision.id)]);
      return compareRevision({ course: published, outline: publishedOutline }, { course: revision, outline: revisionOutline });
    },
  };
}
