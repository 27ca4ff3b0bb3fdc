// The learner catalogue's rules: what is visible, how it is searched, and who may enrol.
import type { CourseDetail, CourseSummary } from '@rivet/shared/api/course';
import { CODES } from '@rivet/shared/api/contract';
import { courseLevelName } from '@rivet/shared/domain/people';
import { assetDurationDisplay } from '@rivet/shared/domain/asset-duration';
import { STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { AppError, forbidden, notFound } from '../http/errors';
import { assertSelf, assertSelfOrUserReader } from '../http/learner-access';
import { TtlCache } from '../http/ttl-cache';
import type { CacheBus } from '../http/cache-bus';
import type { CatalogueFilters, CourseRepository, CourseSummaryRow } from './course.repository';

export const NGN_CURRENCY_ID = 1;
const ASSET_TYPES = ['audio', 'image', 'video', 'article', 'quiz', 'compressVideo'] as const;

export const COURSE_MESSAGES = {
  notFound: 'Course not found',
  paid: 'This course is paid. Please complete the checkout to enrol.',
  enrolled: 'Enrolled successfully',
  alreadyEnrolled: 'You are already enrolled in this course',
  learnersOnly: 'Only learner accounts can enrol in courses.',
} as const;

const naira = (kobo: number) => kobo / 100;

export function toSummary(row: CourseSummaryRow): CourseSummary {
  return {
    courseId: row.id,
    title: row.title,
    description: row.description,
    headLine: row.headline,
    institution: row.institution,
    institutionId: row.institutionId,
    institutionLogo: row.institutionLogo,
    courseCategoryId: row.courseCategoryId,
    courseCategoryName: row.courseCategoryName,
    // Learners only see courses that left the draft state, which the courses_published_complete
    // check keeps complete: level and language are never null here.
    courseLevel: row.courseLevel!,
    courseLevelName: courseLevelName(row.courseLevel),
    languageId: row.languageId!,
    language: row.language,
    courseTypeName: row.courseType === 1 ? 'Self' : 'Instructor',
    courseThumbNailUrl: row.thumbnailUrl,
    coursePrice: {
      amount: naira(row.priceKobo),
      basePrice: naira(row.basePriceKobo),
      vat: naira(row.vatKobo),
      gatewayCharge: naira(row.gatewayChargeKobo),
      currencyId: NGN_CURRENCY_ID,
    },
    isPaid: row.isPaid && row.priceKobo > 0,
    modules: row.modules,
    duration: row.durationMinutes,
    effort: row.effort,
    promote: row.promote,
    publishDate: row.publishDate?.toISOString() ?? null,
  };
}

/** Enrols in a paid course whose whole price a discount code takes off (checkout owns the rules). */
export type EnrolWithCode = (caller: Caller, userId: string, courseId: number, code: string) => Promise<{ newlyEnrolled: boolean }>;

export function createCourseService(deps: { repo: CourseRepository; clock: Clock; searchCacheMs?: number; enrolWithCode?: EnrolWithCode; caches?: CacheBus }) {
  const { repo, clock } = deps;
  // The catalogue is public and changes rarely: a partner's course list and the typo expansions
  // of a text are shared for a short window (0 turns caching off, as tests do). Search answers are
  // cached once, already encoded, by the route (course.routes.ts), not again here.
  const cacheMs = deps.searchCacheMs ?? 30_000;
  const pages = new TtlCache<Awaited<ReturnType<typeof pageUncached>>>(cacheMs, 2000);
  const expansions = new TtlCache<string | null>(cacheMs * 10, 5000);
  // A course, category or partner changed (here or in another process): nothing cached stays.
  deps.caches?.register('catalogue', () => {
    pages.clear();
    expansions.clear();
  });

  function page(filters: CatalogueFilters, pageNo: number, pageSize: number) {
    return pages.getOrCompute(JSON.stringify([filters, pageNo, pageSize]), () => pageUncached(filters, pageNo, pageSize));
  }

  async function pageUncached(filters: CatalogueFilters, pageNo: number, pageSize: number) {
    const text = filters.text.trim().toLowerCase();
    const tsquery = text ? await expansions.getOrCompute(text, () => repo.expandSearchText(text)) : null;
    const { ids, total } = await repo.searchIds({ ...filters, tsquery }, pageNo, pageSize, clock.now());
    const items = (await repo.summaries(ids)).map(toSummary);
    return { items, totalRows: total, page: pageNo, pageSize };
  }

  return {
    search(filters: CatalogueFilters, pageNo: number, pageSize: number) {
      return pageUncached(filters, pageNo, pageSize);
    },

    institutionCourses(institutionId: number, exclude: number | undefined, pageNo: number, pageSize: number) {
      return page(
        { text: '', categoryIds: [], institutionIds: [institutionId], levels: [], languageIds: [], excludeCourseId: exclude },
        pageNo,
        pageSize,
      );
    },

    categorySummary() {
      return repo.categorySummary(clock.now());
    },

    async detail(id: number): Promise<CourseDetail> {
      const row = await repo.visibleDetail(id, clock.now());
      if (!row) throw notFound(COURSE_MESSAGES.notFound);
      const outline = await repo.outline(id);
      const modules = new Map<number, CourseDetail['courseModules'][number]>();
      for (const r of outline) {
        let m = modules.get(r.moduleId);
        if (!m) modules.set(r.moduleId, (m = { courseModuleId: r.moduleId, title: r.moduleTitle, items: [] }));
        if (r.sectionId === null) continue;
        let section = m.items.find((s) => s.courseModuleItemId === r.sectionId);
        if (!section) m.items.push((section = { courseModuleItemId: r.sectionId, title: r.sectionTitle ?? '', courseModuleItemAssets: [] }));
        if (r.assetType === null) continue;
        section.courseModuleItemAssets.push({
          assetType: ASSET_TYPES[r.assetType] ?? 'article',
          title: r.assetTitle ?? '',
          duration: r.duration,
          durationDisplay: assetDurationDisplay(r.assetType, r.duration),
        });
      }
      return {
        ...toSummary(row),
        overView: row.overview,
        objectives: row.objectives,
        instructorName: row.instructorName,
        courseBannerUrl: row.bannerUrl,
        coursePromotionalVideoUrl: row.promoVideoUrl,
        institutionEmail: row.institutionEmail,
        institutionCode: row.institutionCode,
        institutionOverview: row.institutionOverview,
        startDate: row.startDate?.toISOString() ?? null,
        courseModules: [...modules.values()],
      };
    },

    async checkEnrollment(caller: Caller, userId: string, courseId: number) {
      assertSelfOrUserReader(caller, userId);
      const row = Number.isInteger(courseId) ? await repo.enrollment(userId, courseId) : null;
      return { enrolled: row !== null, currentModule: row?.currentModule ?? null, currentSection: row?.currentSection ?? null };
    },

    async enroll(caller: Caller, userId: string, courseId: number, discountCode: string | null = null): Promise<{ enrolled: boolean; description: string }> {
      assertSelf(caller, userId);
      if (caller.roleId !== STUDENT_ROLE_ID) throw forbidden(COURSE_MESSAGES.learnersOnly);
      const course = await repo.visibleDetail(courseId, clock.now());
      if (!course) throw notFound(COURSE_MESSAGES.notFound);
      if (course.isPaid && course.priceKobo > 0) {
        // Spec: a fully discounted course goes straight to the free-enrolment call, with its code.
        if (!discountCode || !deps.enrolWithCode) throw new AppError(422, CODES.unprocessable, COURSE_MESSAGES.paid);
        const { newlyEnrolled } = await deps.enrolWithCode(caller, userId, courseId, discountCode);
        return { enrolled: true, description: newlyEnrolled ? COURSE_MESSAGES.enrolled : COURSE_MESSAGES.alreadyEnrolled };
      }
      const created = await repo.enrollFree(userId, courseId, clock.now());
      return { enrolled: true, description: created ? COURSE_MESSAGES.enrolled : COURSE_MESSAGES.alreadyEnrolled };
    },
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
