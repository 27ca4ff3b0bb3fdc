// Partner institutions as learners and staff see them.
import type { Institution } from '@rivet/shared/api/institution';
import { STUDENT_ROLE_ID, hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import type { InstitutionRepository } from './institution.repository';

/**
 * Platform staff who view institutions see inactive partners too. Everyone else, an institution's
 * own staff included, sees active partners only: a partner's staff never see another partner's
 * inactive record (and staff of an inactive institution cannot sign in at all).
 */
const seesInactive = (caller: Caller | null) =>
  caller !== null &&
  caller.roleId !== STUDENT_ROLE_ID &&
  !isInstitutionScoped(caller.roleType) &&
  hasAnyPermission(caller.permissions, 'manageinstitution', 'viewinstitution');

export type InstitutionService = ReturnType<typeof createInstitutionService>;

export function createInstitutionService(deps: { repo: InstitutionRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async search(
      caller: Caller | null,
      query: { Page: number; PageSize: number; Id: number; IsActive?: boolean; Search: string },
    ): Promise<{ items: Institution[]; totalRows: number }> {
      const { rows, total } = await repo.search(
        {
          includeInactive: seesInactive(caller),
          isActive: query.IsActive,
          id: query.Id,
          search: query.Search,
          page: query.Page || 1,
          pageSize: query.PageSize || 1000,
        },
        clock.now(),
      );
      const items: Institution[] = rows.map(({ institution: i, courses, students }) => ({
        id: i.id,
        name: i.name,
        fullName: i.fullName,
        code: i.code,
        isActive: i.isActive,
        email: i.email,
        website: i.website,
        address: i.address,
        overView: i.overview,
        logoUrl: i.logoUrl,
        bannerUrl: i.bannerUrl,
        thumbnailUrl: i.thumbnailUrl,
        students: Number(students ?? 0),
        courses: Number(courses ?? 0),
      }));
      return { items, totalRows: total };
    },
  };
}
