// Seeds the demo catalogue on first start: partner artwork, ~40 courses with full curricula, a
// few demo learners and their enrolments. Runs once: if any course exists it does nothing, and
// it writes everything in one transaction with one batched insert per table, so a crash leaves
// no half catalogue and the first start stays fast on PGlite.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Database } from '../../client';
import * as t from '../../schema';
import { priceInKobo, type CategorySeed, type CourseSeed, type PartnerCode, type SeedStatus } from './course-seed';
import { PRODUCTIVITY } from './courses-productivity';
import { DIGITAL_SKILLS } from './courses-digital';
import { LEADERSHIP } from './courses-leadership';
import { TECHHUB } from './courses-techhub';
import { buildCurriculum, curriculumMinutes, type ModuleDraft } from './curriculum';
import { DEMO_VIDEOS, courseMedia, escapeXml, mediaUrl, partnerMedia } from './media';
import { DEMO_LEARNERS, DEMO_LEARNER_COURSE } from './learners';
import { seedSurveys } from './surveys';
import { seedSignatories } from './signatories';

export const CATALOGUE: CategorySeed[] = [PRODUCTIVITY, DIGITAL_SKILLS, LEADERSHIP, TECHHUB];

/** Courses in publishing order: categories interleaved, so "newest first" mixes them. */
export function catalogueCourses(): { course: CourseSeed; category: CategorySeed['code'] }[] {
  const queues = CATALOGUE.map((c) => c.courses.map((course) => ({ course, category: c.code })));
  const longest = Math.max(...queues.map((q) => q.length));
  return Array.from({ length: longest }, (_, i) => queues.flatMap((q) => (q[i] ? [q[i]] : []))).flat();
}

const STATUS: Record<SeedStatus, { approvalStatus: number; draft: boolean; stepNo: number }> = {
  published: { approvalStatus: 2, draft: false, stepNo: 4 },
  draft: { approvalStatus: 1, draft: true, stepNo: 2 },
  pending: { approvalStatus: 1, draft: false, stepNo: 4 },
  pendingQa: { approvalStatus: 4, draft: false, stepNo: 4 },
  rejected: { approvalStatus: 3, draft: false, stepNo: 4 },
};

const FIRST_PUBLISHED = Date.UTC(2025, 9, 1, 8);
const DAY = 86_400_000;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** `demoLearner` is the user name of the demo learner account, whose password hash the demo learners share. */
export async function seedCatalogue(db: Database, demoLearner: string): Promise<void> {
  const [existing] = await db.select({ id: t.courses.id }).from(t.courses).limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    await addPartnerArtwork(tx);
    const published = await insertCourses(tx);
    await insertLearners(tx, published, demoLearner);
    await seedSurveys(tx);
    await seedSignatories(tx);
  });
}

async function addPartnerArtwork(tx: Tx) {
  for (const code of ['UNILAG', 'LBS', 'ABU', 'TECHHUB'] as PartnerCode[]) {
    await tx.update(t.institutions).set(partnerMedia(code)).where(and(eq(t.institutions.code, code), isNull(t.institutions.logoUrl)));
  }
}

interface PublishedCourse {
  id: number;
  title: string;
  isPaid: boolean;
  active: boolean;
  publishDate: Date;
}

async function insertCourses(tx: Tx): Promise<PublishedCourse[]> {
  const partners = await tx
    .select({ id: t.institutions.id, code: t.institutions.code, name: t.institutions.name, fullName: t.institutions.fullName, isActive: t.institutions.isActive })
    .from(t.institutions);
  const categories = await tx.select({ id: t.courseCategories.id, code: t.courseCategories.code, name: t.courseCategories.name }).from(t.courseCategories);
  const languages = await tx.select({ id: t.languages.id, name: t.languages.name }).from(t.languages);
  const find = <T>(rows: T[], match: (row: T) => boolean, what: string): T => {
    const row = rows.find(match);
    if (!row) throw new Error(`Seed: ${what} missing`);
    return row;
  };

  const entries = catalogueCourses().map(({ course, category }, index) => {
    const partner = find(partners, (p) => p.code === course.partner, `institution ${course.partner}`);
    const categoryRow = find(categories, (c) => c.code === category, `category ${category}`);
    const language = find(languages, (l) => l.name === course.language, `language ${course.language}`);
    const status = STATUS[course.status ?? 'published'];
    const curriculum = buildCurriculum(course, category);
    const price = priceInKobo(course.price);
    const publishDate = status.approvalStatus === 2 ? new Date(FIRST_PUBLISHED + index * 8 * DAY) : null;
    const media = courseMedia(course.slug);
    const row: typeof t.courses.$inferInsert = {
      institutionId: partner.id,
      courseCategoryId: categoryRow.id,
      languageId: language.id,
      title: course.title,
      description: course.description,
      headline: course.headline,
      overview: `<p>${escapeXml(course.overview)}</p>`,
      objectives: `<ul>${course.objectives.map((o) => `<li>${escapeXml(o)}</li>`).join('')}</ul>`,
      courseType: course.instructorPaced ? 2 : 1,
      courseLevel: course.level,
      effort: course.effort,
      instructorName: course.instructor,
      startDate: publishDate ? new Date(publishDate.getTime() + (course.instructorPaced ? 21 * DAY : 0)) : null,
      isPaid: price.total > 0,
      basePriceKobo: price.base,
      vatKobo: price.vat,
      gatewayChargeKobo: price.gateway,
      priceKobo: price.total,
      thumbnailUrl: media.thumbnail,
      bannerUrl: media.banner,
      promoVideoUrl: mediaUrl(DEMO_VIDEOS.promo[category].file),
      promote: course.promote ?? false,
      approvalStatus: status.approvalStatus,
      draft: status.draft,
      stepNo: status.stepNo,
      publishDate,
      durationMinutes: curriculumMinutes(curriculum),
      searchText: [course.title, course.headline, course.description, categoryRow.name, partner.name, partner.fullName].join(' '),
    };
    return { row, curriculum, partnerActive: partner.isActive, publishDate };
  });

  const inserted = await tx.insert(t.courses).values(entries.map((e) => e.row)).returning({ id: t.courses.id, title: t.courses.title });
  const courseIds = new Map(inserted.map((c) => [c.title, c.id]));
  await insertCurricula(tx, entries.map((e) => ({ courseId: courseIds.get(e.row.title)!, modules: e.curriculum })));

  return entries.flatMap((e) =>
    e.publishDate ? [{ id: courseIds.get(e.row.title)!, title: e.row.title, isPaid: e.row.isPaid!, active: e.partnerActive, publishDate: e.publishDate }] : [],
  );
}

async function insertCurricula(tx: Tx, courses: { courseId: number; modules: ModuleDraft[] }[]) {
  const modules = await tx
    .insert(t.courseModules)
    .values(courses.flatMap((c) => c.modules.map((m, i) => ({ courseId: c.courseId, position: i + 1, title: m.title }))))
    .returning({ id: t.courseModules.id, courseId: t.courseModules.courseId, position: t.courseModules.position });
  const moduleIds = new Map(modules.map((m) => [`${m.courseId}/${m.position}`, m.id]));

  const sectionDrafts = courses.flatMap((c) =>
    c.modules.flatMap((m, mi) => m.sections.map((s, si) => ({ moduleId: moduleIds.get(`${c.courseId}/${mi + 1}`)!, position: si + 1, ...s }))),
  );
  const sections = await tx
    .insert(t.courseSections)
    .values(sectionDrafts.map(({ moduleId, position, title }) => ({ moduleId, position, title })))
    .returning({ id: t.courseSections.id, moduleId: t.courseSections.moduleId, position: t.courseSections.position });
  const sectionIds = new Map(sections.map((s) => [`${s.moduleId}/${s.position}`, s.id]));

  await tx.insert(t.courseAssets).values(
    sectionDrafts.map((s) => ({ sectionId: sectionIds.get(`${s.moduleId}/${s.position}`)!, position: 0, ...s.asset })),
  );
}

/**
 * Demo learners give partners and courses non-zero learner counts. They share the demo learner's
 * password hash (read back, not recomputed): hashing twenty passwords would add seconds to the first start.
 */
async function insertLearners(tx: Tx, published: PublishedCourse[], demoLearner: string) {
  const [demo] = await tx.select({ id: t.users.id, passwordHash: t.users.passwordHash }).from(t.users).where(eq(t.users.userName, demoLearner));
  if (!demo) return;
  const emails = DEMO_LEARNERS.map((l) => l.email);
  const already = await tx.select({ id: t.users.id }).from(t.users).where(inArray(t.users.userName, emails));
  if (already.length) return;
  const users = await tx
    .insert(t.users)
    .values(DEMO_LEARNERS.map((l) => ({ userName: l.email, email: l.email, firstName: l.firstName, lastName: l.lastName, passwordHash: demo.passwordHash, roleId: STUDENT_ROLE_ID })))
    .returning({ id: t.users.id, userName: t.users.userName });
  const byEmail = new Map(users.map((u) => [u.userName, u.id]));
  const learnerIds = emails.map((e) => byEmail.get(e)!);
  await tx.insert(t.studentProfiles).values(DEMO_LEARNERS.map((l) => ({ userId: byEmail.get(l.email)!, age: l.age, countryCode: 'NG', jobTitle: l.jobTitle })));

  // Free, visible courses get a falling number of learners so "popular" has something to sort by.
  const free = published.filter((c) => !c.isPaid && c.active);
  const enrollments = free.flatMap((course, k) => {
    const learners = Math.max(1, Math.round(learnerIds.length / (1 + k * 0.5)) - 2);
    return Array.from({ length: learners }, (_, j) => ({
      userId: learnerIds[(k * 3 + j) % learnerIds.length]!,
      courseId: course.id,
      source: 'free',
      enrolledAt: new Date(course.publishDate.getTime() + (j + 1) * DAY),
    }));
  });
  const demoCourse = free.find((c) => c.title === DEMO_LEARNER_COURSE);
  if (demoCourse) enrollments.push({ userId: demo.id, courseId: demoCourse.id, source: 'free', enrolledAt: new Date(demoCourse.publishDate.getTime() + 2 * DAY) });
  if (enrollments.length) await tx.insert(t.enrollments).values(enrollments);
}
