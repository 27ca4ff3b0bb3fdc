import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activateWorkflow, createWorkflow, deactivateWorkflow, getWorkflowsByInstitution, listWorkflowApprovers, listWorkflowPartners, updateWorkflow, type WorkflowInput } from '@rivet/shared/api/workflows';
import { listCourseCategories } from '@rivet/shared/api/reference';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Platform staff choose among every partner; a page of 1000 holds them all. */
export function useWorkflowPartners(enabled: boolean) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['workflow-partners'],
    queryFn: ({ signal }) => api.call(listWorkflowPartners, { query: { Page: '1', PageSize: '1000', Id: '0' }, signal }),
    enabled,
  });
}

export function useWorkflows(institutionId: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['workflows', institutionId],
    queryFn: ({ signal }) => api.call(getWorkflowsByInstitution, { query: { institutionId: String(institutionId) }, signal }),
    enabled: institutionId !== null,
  });
}

/** §9: a search goes to the server once it is longer than 2 characters. */
export const APPROVER_SEARCH_MIN = 3;

/**
 * The partner's staff a level may name: the first 50 by name, or those whose name or e-mail holds
 * `search` (from 3 characters on), so a partner with many staff still finds everyone.
 */
export function useWorkflowApprovers(institutionId: number, search = '') {
  const { api } = useSessionManager();
  const term = search.trim().length >= APPROVER_SEARCH_MIN ? search.trim() : '';
  return useQuery({
    queryKey: ['workflow-approvers', institutionId, term],
    queryFn: ({ signal }) => api.call(listWorkflowApprovers, { query: { institutionId: String(institutionId), search: term }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every category: an existing workflow may be filed under one deactivated since. */
export function useWorkflowCategories() {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['course-categories', 'all'],
    queryFn: ({ signal }) => api.call(listCourseCategories, { query: { IsActive: 'false', UsePaging: 'false', Page: '1', PageSize: '1000' }, signal }),
  });
}

export function useWorkflowCalls() {
  const { api } = useSessionManager();
  return {
    create: (body: WorkflowInput) => api.send(createWorkflow, { body }),
    update: (id: number, body: WorkflowInput) => api.send(updateWorkflow, { body: { id, ...body } }),
    deactivate: async (id: number) => (await api.send(deactivateWorkflow, { query: { id: String(id) } })).description,
    activate: async (id: number) => (await api.send(activateWorkflow, { query: { id: String(id) } })).description,
  };
}
