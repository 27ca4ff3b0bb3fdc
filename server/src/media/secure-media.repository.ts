// Drizzle queries for signed media: an asset and whether a learner (or a staff preview) may see it.
import { eq, sql } from 'drizzle-orm';
import { PREVIEW_PERMISSIONS } from '@rivet/shared/api/course-preview';
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

    /**
     * The asset and whether this staff member may preview its course (decision 035): the account
     * active, its role active and holding a preview permission, and either a platform role or the
     * course's own institution. `enrolled` carries the answer, so the route reads both alike.
     */
    async previewAccess(assetId: number, userId: string): Promise<AssetAccess | null> {
      const permissions = sql.join(
        PREVIEW_PERMISSIONS.map((p) => sql`${p}`),
        sql`, `,
      );
      const [row] = await db
        .select({
          assetType: t.courseAssets.assetType,
          url: t.courseAssets.url,
          enrolled: sql<boolean>`exists (select 1 from users u join roles r on r.id = u.role_id
            where u.id = ${userId} and u.is_active and u.deleted_at is null and r.is_active
              and (r.role_type = 0 or u.institution_id = (select c.institution_id from courses c where c.id = ${t.courseModules.courseId}))
              and exists (select 1 from role_permissions rp join permissions p on p.id = rp.permission_id
                where rp.role_id = r.id and p.name in (${permissions})))`,
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
