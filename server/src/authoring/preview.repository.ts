// Preview Course's data (decision 035): the course as the player shows it, whatever its state.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { courseOutline } from '../db/shared-queries';

export type PreviewRepository = ReturnType<typeof createPreviewRepository>;

export function createPreviewRepository(db: Database) {
  return {
    async course(courseId: number) {
      const [row] = await db
        .select({
          courseId: t.courses.id,
          title: t.courses.title,
          description: t.courses.description,
          institutionId: t.courses.institutionId,
          institution: t.institutions.fullName,
          institutionLogo: t.institutions.logoUrl,
          thumbnailUrl: t.courses.thumbnailUrl,
          hasSurvey: t.courses.hasSurvey,
          priceKobo: t.courses.priceKobo,
          basePriceKobo: t.courses.basePriceKobo,
          vatKobo: t.courses.vatKobo,
          gatewayChargeKobo: t.courses.gatewayChargeKobo,
        })
        .from(t.courses)
        .innerJoin(t.institutions, eq(t.institutions.id, t.courses.institutionId))
        .where(eq(t.courses.id, courseId))
        .limit(1);
      return row ?? null;
    },

    /** The same outline the learner's player reads. */
    outline: (courseId: number) => courseOutline(db, courseId),
  };
}
