import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchInstitutions } from '@rivet/shared/api/institution';
import { getAllRoles } from '@rivet/shared/api/roles';
import {
  USER_PAGE_SIZE,
  activateDeactivateUser,
  createAdminUser,
  getUserInfoByInstitutionId,
  updateUserInfo,
  type AdminUser,
  type CreateUserInput,
} from '@rivet/shared/api/users';
import { ROLE_TYPE } from '@rivet/shared/domain/permissions';
import { useSessionManager } from '@rivet/shared/client/session-context';

export { USER_PAGE_SIZE };

const USERS_KEY = ['users'];

/** `institutionId` narrows a platform caller's list to one institution; the server confines everyone else. */
export function useUserSearch(search: string, page: number, institutionId: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...USERS_KEY, search, page, institutionId],
    queryFn: ({ signal }) =>
      api.call(getUserInfoByInstitutionId, {
        query: { search, Page: String(page), PageSize: String(USER_PAGE_SIZE), ...(institutionId ? { institutionid: String(institutionId) } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Spec §6: a super admin's role list is unfiltered; everyone else asks for institution roles (1). */
export function useRoleOptions(superAdmin: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['role-options', superAdmin],
    queryFn: ({ signal }) => api.call(getAllRoles, { query: superAdmin ? {} : { RoleType: String(ROLE_TYPE.Institution) }, signal }),
  });
}

/**
 * Spec §7: partner lists for dropdowns ask for page 1 with 10000 rows. Only active partners get new
 * staff; the list's filter offers every partner (an inactive one's staff are still listed).
 */
export function usePartnerOptions(enabled: boolean, activeOnly = true) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['partner-options', activeOnly],
    queryFn: ({ signal }) => api.call(searchInstitutions, { query: { Page: '1', PageSize: '10000', ...(activeOnly ? { IsActive: 'true' } : {}) }, signal }),
    enabled,
  });
}

export interface UserUpdate {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  roleId: number;
}

export function useUserCalls() {
  const { api } = useSessionManager();
  return {
    create: (input: CreateUserInput) => api.send(createAdminUser, { body: input }),
    update: (user: AdminUser, values: UserUpdate) =>
      api.send(updateUserInfo, {
        query: { UserId: user.id, firstName: values.firstName, lastName: values.lastName, phoneNumber: values.phoneNumber, roleId: String(values.roleId) },
      }),
    toggle: async (user: AdminUser, isActive: boolean) => (await api.send(activateDeactivateUser, { query: { id: user.id, isActive: String(isActive) } })).description,
  };
}
