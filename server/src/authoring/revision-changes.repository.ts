// A revision and its published course side by side (decision 078): the course rows with the names
// the console shows, and both outlines with the `origin_id` links a revision's copies keep.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export interface ComparedCourse {
  id: number;
  institutionId: number;
  draft: boolean;
  revisionOfCourseId: number | null;
  title: string;
  description: string;
  category: string;
  courseType: number;
  startDate: Date | null;
  headline: string | null;
  overview: string | null;
  courseLevel: number | null;
  language: string | null;
  objectives: string | null;
  effort: string | null;
  instructorName: string | null;
  hasSurvey: boolean;
  survey: string | null;
  promote: boolean;
  isPaid: boolean;
  basePriceKobo: number;
  vatKobo: number;
  gatewayChargeKobo: number;
  priceKobo: number;
  thumbnailUrl: string | null;
  bannerUrl: string | null;
  promoVideoUrl: string | null;
}

export interface OutlineModule {
  id: number;
  originId: number | null;
  title: string;
  sections: OutlineSection[];
}

export interface OutlineSection {
  id: number;
  originId: number | null;
  title: string;
  assets: OutlineAsset[];
}

export interface OutlineAsset {
  id: number;
  originId: number | null;
  assetType: number;
  title: string;
  url: string | null;
  body: string | null;
  quiz: unknown;
  altText: string | null;
}

export type RevisionChangesRepository = ReturnType<typeof createRevisionChangesRepository>;

export function createRevisionChangesRepository(db: Database) {
  return {
    async course(id: number): Promise<ComparedCourse | null> {
      const [row] = await db
        .select({
          id: t.courses.id,
          institutionId: t.courses.institutionId,
          draft: t.courses.draft,
          revisionOfCourseId: t.courses.revisionOfCourseId,
          title: t.courses.title,
          description: t.courses.description,
          category: t.courseCategories.name,
          courseType: t.courses.courseType,
          startDate: t.courses.startDate,
          headline: t.courses.headline,
          overview: t.courses.overview,
          courseLevel: t.courses.courseLevel,
          language: t.languages.name,
          objectives: t.courses.objectives,
          effort: t.courses.effort,
          instructorName: t.courses.instructorName,
          hasSurvey: t.courses.hasSurvey,
          survey: t.surveys.title,
          promote: t.courses.promote,
          isPaid: t.courses.isPaid,
          basePriceKobo: t.courses.basePriceKobo,
          vatKobo: t.courses.vatKobo,
          gatewayChargeKobo: t.courses.gatewayChargeKobo,
          priceKobo: t.courses.priceKobo,
          thumbnailUrl: t.courses.thumbnailUrl,
          bannerUrl: t.courses.bannerUrl,
          promoVideoUrl: t.courses.promoVideoUrl,
        })
        .from(t.courses)
        .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
        .leftJoin(t.languages, eq(t.languages.id, t.courses.languageId))
        .leftJoin(t.surveys, eq(t.surveys.id, t.courses.surveyId))
        .where(eq(t.courses.id, id));
      return row ?? null;
    },

    /** Modules, their sections and their content items, each in the order learners see them. */
    async outline(courseId: number): Promise<OutlineModule[]> {
      const modules = await db
        .select({ id: t.courseModules.id, originId: t.courseModules.originId, title: t.courseModules.title })
        .from(t.courseModules)
        .where(eq(t.courseModules.courseId, courseId))
        .orderBy(asc(t.courseModules.position), asc(t.courseModules.id));
      if (!modules.length) return [];
      const sections = await db
        .select({ id: t.courseSections.id, moduleId: t.courseSections.moduleId, originId: t.courseSections.originId, title: t.courseSections.title })
        .from(t.courseSections)
        .where(
          inArray(
            t.courseSections.moduleId,
            modules.map((m) => m.id),
          ),
        )
        .orderBy(asc(t.courseSections.position), asc(t.courseSections.id));
      const assets = sections.length
        ? await db
            .select({
              id: t.courseAssets.id,
              sectionId: t.courseAssets.sectionId,
              originId: t.courseAssets.originId,
              assetType: t.courseAssets.assetType,
              title: t.courseAssets.title,
              url: t.courseAssets.url,
              body: t.courseAssets.body,
              quiz: t.courseAssets.quiz,
              altText: t.courseAssets.altText,
            })
            .from(t.courseAssets)
            .where(
              inArray(
                t.courseAssets.sectionId,
                sections.map((s) => s.id),
              ),
            )
            .orderBy(asc(t.courseAssets.position), asc(t.courseAssets.id))
        : [];
      return modules.map((m) => ({
        ...m,
        sections: sections
          .filter((s) => s.moduleId === m.id)
          .map(({ moduleId: _moduleId, ...s }) => ({
            ...s,
            assets: assets.filter((a) => a.sectionId === s.id).map(({ sectionId: _sectionId, ...a }) => a),
          })),
      }));
    },
  };
}
