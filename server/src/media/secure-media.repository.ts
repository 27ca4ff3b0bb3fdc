// Drizzle queries for signed media: an asset and whether a learner may see it.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export interface AssetAccess {
  assetType: number;
  url: string | null;
  /** The user is enrolled in the asset's course and their account is not deleted. */
  enrolled: boolean;
}

export function createSecureMediaRepository(db: Database) {
  return {
    /** The asset and the user's right to it, in one query; null when the asset does not exist. */
    async access(assetId: number, userId: string): Promise<AssetAccess | null> {
      const [row] = await db
        .select({
          assetType: t.courseAssets.assetType,
          url: t.courseAssets.url,
          enrolled: sql<boolean>`exists (select 1 from enrollments e join users u on u.id = e.user_id
            where e.course_id = ${t.courseModules.courseId} and e.user_id = ${userId} and u.deleted_at is null and u.is_active)`,
        })
        .from(t.courseAssets)
        .innerJoin(t.courseSections, eq(t.courseSections.id, t.courseAssets.sectionId))
        .innerJoin(t.courseModules, eq(t.courseModules.id, t.courseSections.moduleId))
        .where(eq(t.courseAssets.id, assetId))
        .limit(1);
      return row ? { assetType: row.assetType, url: row.url, enrolled: Boolean(row.enrolled) } : null;
    },
  };
}

export type SecureMediaRepository = ReturnType<typeof createSecureMediaRepository>;
