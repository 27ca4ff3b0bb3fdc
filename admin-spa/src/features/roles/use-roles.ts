import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAllPermissions } from '@rivet/shared/api/authentication';
import { activateDeactivateRole, createRoleAndPermission, searchRoleDetails, type CreateRoleInput, type Role } from '@rivet/shared/api/roles';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Spec §9: the role search asks for page 1 with 1000 rows; paging stays available past that. */
export const ROLE_PAGE_SIZE = 1000;

const ROLES_KEY = ['roles'];

export function useRoleSearch(search: string, page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: [...ROLES_KEY, search, page],
    queryFn: ({ signal }) => api.call(searchRoleDetails, { query: { pageNumber: String(page), pageSize: String(ROLE_PAGE_SIZE), search }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePermissions() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['permissions'], queryFn: ({ signal }) => api.call(getAllPermissions, { signal }), staleTime: Infinity });
}

export function useRoleCalls() {
  const { api } = useSessionManager();
  return {
    save: (input: CreateRoleInput) => api.send(createRoleAndPermission, { body: input }),
    toggle: async (role: Role, isActive: boolean) =>
      (await api.send(activateDeactivateRole, { query: { roleId: String(role.id), isActive: String(isActive) } })).description,
  };
}
