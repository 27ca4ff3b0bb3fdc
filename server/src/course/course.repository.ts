// Drizzle queries for the learner catalogue. "Visible" means what a learner may see: approved,
// published (not draft, publish date passed), active, from an active partner.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import * as t from '../db/schema';
import { courseOutline, visibleCourse } from '../db/shared-queries';

export interface CatalogueFilters {
  text: string;
  /** The free text as a tsquery, typos corrected (see expandSearchText); null when nothing matches. */
  tsquery?: string | null;
  categoryIds: number[];
  institutionIds: number[];
  levels: number[];
  languageIds: number[];
  excludeCourseId?: number;
}

/**
 * The work one search may cost (docs/decisions/020): a query's first few words of plausible length
 * are expanded; nothing a learner types is longer.
 */
export const SEARCH_BOUNDS = { words: 6, wordLength: 30 } as const;



const summaryColumns = {
  id: t.courses.id,
  title: t.courses.title,
  description: t.courses.description,
  headline: t.courses.headline,
  institutionId: t.courses.institutionId,
  institution: t.institutions.fullName,
  institutionLogo: t.institutions.logoUrl,
  courseCategoryId: t.courses.courseCategoryId,
  courseCategoryName: t.courseCategories.name,
  courseLevel: t.courses.courseLevel,
  languageId: t.courses.languageId,
  language: t.languages.name,
  courseType: t.courses.courseType,
  thumbnailUrl: t.courses.thumbnailUrl,
  isPaid: t.courses.isPaid,
  basePriceKobo: t.courses.basePriceKobo,
  vatKobo: t.courses.vatKobo,
  gatewayChargeKobo: t.courses.gatewayChargeKobo,
  priceKobo: t.courses.priceKobo,
  durationMinutes: t.courses.durationMinutes,
  effort: t.courses.effort,
  promote: t.courses.promote,
  publishDate: t.courses.publishDate,
  // Written with explicit qualifiers: Drizzle leaves columns unqualified in single-table queries,
  // where a bare "id" inside this subquery would mean course_modules.id.
  modules: sql<number>`(select count(*) from ${t.courseModules} cm where cm.course_id = ${t.courses}.id)`.mapWith(Number),
};

export type CourseSummaryRow = Awaited<ReturnType<ReturnType<typeof createCourseRepository>['summaries']>>[number];

export function createCourseRepository(db: Database) {
  // A course page's two queries as prepared statements (decision 065): drizzle built their SQL,
  // 40 columns and three joins, on every request; now once, and PostgreSQL parses them once per
  // connection. The same SQL and parameters as before.
  const detail = db
    .select({
      ...summaryColumns,
      overview: t.courses.overview,
      objectives: t.courses.objectives,
      instructorName: t.courses.instructorName,
      bannerUrl: t.courses.bannerUrl,
      promoVideoUrl: t.courses.promoVideoUrl,
      startDate: t.courses.startDate,
      institutionEmail: t.institutions.email,
      institutionCode: t.institutions.code,
      institutionOverview: t.institutions.overview,
    })
    .from(t.courses)
    .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
    .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
    .innerJoin(t.languages, eq(t.languages.id, t.courses.languageId))
    .where(and(eq(t.courses.id, sql.placeholder('id')), visibleCourse(sql.placeholder('now'))))
    .limit(1)
    .prepare('course_visible_detail');
  const outline = courseOutline(db, sql.placeholder('courseId')).prepare('course_outline');

  function whereOf(filters: CatalogueFilters, now: Date): SQL {
    const conditions: SQL[] = [visibleCourse(now)];
    if (filters.categoryIds.length) conditions.push(inArray(t.courses.courseCategoryId, filters.categoryIds));
    if (filters.institutionIds.length) conditions.push(inArray(t.courses.institutionId, filters.institutionIds));
    if (filters.levels.length) conditions.push(inArray(t.courses.courseLevel, filters.levels));
    if (filters.languageIds.length) conditions.push(inArray(t.courses.languageId, filters.languageIds));
    if (filters.excludeCourseId) conditions.push(sql`${t.courses.id} <> ${filters.excludeCourseId}`);
    if (filters.text) conditions.push(sql`${t.courses.searchVector} @@ to_tsquery('english', ${filters.tsquery ?? ''})`);
    return and(...conditions)!;
  }

  return {
    /**
     * Turns free text into a tsquery that tolerates typos: each word becomes the word itself OR'd
     * with its nearest words of the catalogue's vocabulary ('excell' → excel, 'leadrship' →
     * leadership); the last word also matches as a prefix, for search-as-you-type. Words the
     * vocabulary has nothing close to are dropped; null when none is left.
     */
    async expandSearchText(text: string): Promise<string | null> {
      const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
        .filter((w) => w.length <= SEARCH_BOUNDS.wordLength)
        .slice(0, SEARCH_BOUNDS.words);
      if (!words.length) return null;
      const rows = await db.execute(sql`
        select q.input, s.word
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as q(input)
        -- English stop words ('for', 'the') are left out: the index holds none, and a stop word
        -- corrected to a look-alike ('for' → 'form') would then be required and match nothing.
        cross join lateral (select numnode(plainto_tsquery('english', q.input)) as n) as stop
        cross join lateral (
          select word from ${t.searchWords}
          -- '%' is similarity above pg_trgm.similarity_threshold (0.3 unless changed), and unlike
          -- a comparison with similarity() it can use the trigram index on a large vocabulary.
          where word = q.input or word like q.input || '%' or word % q.input
          order by word = q.input desc, similarity(word, q.input) desc, length(word)
          limit 4
        ) s
        where stop.n > 0`);
      const alternatives = new Map<string, Set<string>>();
      for (const row of rowsOf<{ input: string; word: string }>(rows)) {
        const set = alternatives.get(row.input) ?? new Set<string>([row.input]);
        set.add(row.word);
        alternatives.set(row.input, set);
      }
      const last = words.at(-1)!;
      const parts = words
        .filter((w) => alternatives.has(w))
        .map((w) => {
          const terms = [...alternatives.get(w)!].map((a) => `'${a}'`);
          if (w === last) terms.push(`'${w}':*`);
          return `(${terms.join(' | ')})`;
        });
      return parts.length ? parts.join(' & ') : null;
    },

    /** One page of matching course ids, best first, with the total number of matches. */
    async searchIds(filters: CatalogueFilters, page: number, pageSize: number, now: Date): Promise<{ ids: number[]; total: number }> {
      if (filters.text && !filters.tsquery) return { ids: [], total: 0 };
      const order = filters.text
        ? [desc(sql`ts_rank_cd(${t.courses.searchVector}, to_tsquery('english', ${filters.tsquery}))`), desc(t.courses.publishDate), desc(t.courses.id)]
        : [desc(t.courses.promote), desc(t.courses.publishDate), desc(t.courses.id)];
      const rows = await db
        .select({ id: t.courses.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(whereOf(filters, now))
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      if (rows.length) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
      if (page === 1) return { ids: [], total: 0 };
      // Past the last page: still report how many there are.
      const [counted] = await db
        .select({ n: count() })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(whereOf(filters, now));
      return { ids: [], total: counted?.n ?? 0 };
    },

    /** Card fields for these courses, in the order given. */
    async summaries(ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select(summaryColumns)
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .innerJoin(t.courseCategories, eq(t.courseCategories.id, t.courses.courseCategoryId))
        .innerJoin(t.languages, eq(t.languages.id, t.courses.languageId))
        .where(inArray(t.courses.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async visibleDetail(id: number, now: Date) {
      const [row] = await detail.execute({ id, now });
      return row ?? null;
    },

    outline(courseId: number) {
      return outline.execute({ courseId });
    },

    async categorySummary(now: Date) {
      return db
        .select({
          courseCategoryId: t.courseCategories.id,
          courseCategory: t.courseCategories.name,
          count: sql<number>`count(${t.courses.id})`.mapWith(Number),
        })
        .from(t.courseCategories)
        .leftJoin(
          t.courses,
          and(
            eq(t.courses.courseCategoryId, t.courseCategories.id),
            sql`exists (select 1 from ${t.institutions} where ${t.institutions.id} = ${t.courses.institutionId} and ${visibleCourse(now)})`,
          ),
        )
        .where(eq(t.courseCategories.isActive, true))
        .groupBy(t.courseCategories.id, t.courseCategories.name)
        .orderBy(asc(t.courseCategories.name));
    },

    async enrollment(userId: string, courseId: number) {
      const [row] = await db
        .select()
        .from(t.enrollments)
        .where(and(eq(t.enrollments.userId, userId), eq(t.enrollments.courseId, courseId)))
        .limit(1);
      return row ?? null;
    },

    /** Enrols once; false when the learner already was. */
    async enrollFree(userId: string, courseId: number, at: Date): Promise<boolean> {
      const rows = await db
        .insert(t.enrollments)
        .values({ userId, courseId, source: 'free', amountPaidKobo: 0, enrolledAt: at })
        .onConflictDoNothing()
        .returning({ id: t.enrollments.id });
      return rows.length === 1;
    },
  };
}

export type CourseRepository = ReturnType<typeof createCourseRepository>;
