import { useQuery } from '@tanstack/react-query';
import { createWorkflow, deactivateWorkflow, getWorkflowsByInstitution, listWorkflowApprovers, listWorkflowPartners, updateWorkflow, type WorkflowInput } from '@rivet/shared/api/workflows';
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

/** The partner's staff a level may name; the list is short, so the picker filters it as one types. */
export function useWorkflowApprovers(institutionId: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['workflow-approvers', institutionId],
    queryFn: ({ signal }) => api.call(listWorkflowApprovers, { query: { institutionId: String(institutionId) }, signal }),
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
  };
}
