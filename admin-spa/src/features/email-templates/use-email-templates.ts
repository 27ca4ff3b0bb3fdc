import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  EMAIL_PAGE_SIZE,
  createEmailTemplate,
  getEmailTemplate,
  listEmailCategories,
  listEmailTemplates,
  sendTestEmail,
  toggleEmailTemplate,
  updateEmailTemplate,
  type CreateEmailTemplateInput,
  type EmailTemplateSummary,
  type UpdateEmailTemplateInput,
} from '@rivet/shared/api/email-templates';
import { useSessionManager } from '@rivet/shared/client/session-context';

export function useEmailTemplates(page: number) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['email-templates', page],
    queryFn: ({ signal }) => api.call(listEmailTemplates, { query: { Page: String(page), PageSize: String(EMAIL_PAGE_SIZE) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmailTemplate(id: number | null) {
  const { api } = useSessionManager();
  return useQuery({
    queryKey: ['email-template', id],
    queryFn: ({ signal }) => api.call(getEmailTemplate, { params: { id: String(id) }, signal }),
    enabled: id !== null,
    // The form edits what it loaded: a refetch in the background must not replace the typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useEmailCategories() {
  const { api } = useSessionManager();
  return useQuery({ queryKey: ['email-categories'], queryFn: ({ signal }) => api.call(listEmailCategories, { signal }), staleTime: 5 * 60_000 });
}

export function useEmailTemplateCalls() {
  const { api } = useSessionManager();
  return {
    create: (body: CreateEmailTemplateInput) => api.send(createEmailTemplate, { body }),
    update: (body: UpdateEmailTemplateInput) => api.send(updateEmailTemplate, { body }),
    toggle: async (template: EmailTemplateSummary) => (await api.send(toggleEmailTemplate, { params: { id: String(template.id) } })).description,
    sendTest: (body: { code: string; name: string; template: string; recipients?: string[] }) => api.send(sendTestEmail, { body }),
  };
}
