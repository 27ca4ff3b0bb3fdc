// Email Templates (spec 001 §2.9 "Email Notification list"; decision 046): Email Name and Action,
// each with its on/off toggle and edit, 10 a page, and Add. Only platform staff
// (manageEmailSettings) see Add and the row actions; institution staff read the list.
import { useNavigate } from 'react-router';
import { EMAIL_PAGE_SIZE, type EmailTemplateSummary } from '@rivet/shared/api/email-templates';
import { emailKind } from '@rivet/shared/domain/email-templates';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { ListPage, type ListColumn } from '../../components/list-page';
import { EditIcon, PowerIcon } from '../../components/row-icons';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { useEmailTemplateCalls, useEmailTemplates } from './use-email-templates';
import './email-templates.css';

export const EMAIL_PATHS = {
  list: '/configuration/email-template',
  add: '/configuration/new-email',
  edit: (id: number) => `/configuration/manageemail/edit/${id}`,
  preview: '/configuration/preview-email',
};

/** §4: the list refetches 2 seconds after a toggle. */
export const TOGGLE_REFETCH_MS = 2000;

export function EmailTemplatesPage() {
  const query = useListQuery();
  const templates = useEmailTemplates(query.page);
  const calls = useEmailTemplateCalls();
  const navigate = useNavigate();
  const canManage = hasAnyPermission(useProfile().permissions, 'manageEmailSettings');
  const toggle = useToggleConfirmation<EmailTemplateSummary>({
    noun: 'e-mail template',
    toggle: calls.toggle,
    // The dialog closes at once; the list follows 2 seconds later (§4).
    onDone: () => {
      setTimeout(() => void templates.refetch(), TOGGLE_REFETCH_MS);
    },
    failed: { activate: 'Failed to activate e-mail template', deactivate: 'Failed to deactivate e-mail template' },
    deactivateHint: () => 'The platform will send this e-mail with its built-in text until the template is on again.',
  });

  const columns: ListColumn<EmailTemplateSummary>[] = [
    {
      id: 'name',
      name: 'Email Name',
      isRowHeader: true,
      render: (t) => (
        <span className="emails__name">
          <span>{t.name}</span>
          <span className="emails__meta">
            {emailKind(t.code)?.label ?? t.code} · {t.emailCategoryName}
            {t.isActive ? null : <span className="emails__badge">Off: built-in text is sent</span>}
          </span>
        </span>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (t) => (
        <span className="emails__actions">
          <IconButton aria-label={`${t.isActive ? 'Turn off' : 'Turn on'} ${t.name}`} className={t.isActive ? 'emails__toggle emails__toggle--on' : 'emails__toggle'} onPress={() => toggle.ask(t)}>
            <PowerIcon />
          </IconButton>
          <IconButton aria-label={`Edit ${t.name}`} onPress={() => navigate(EMAIL_PATHS.edit(t.id))}>
            <EditIcon />
          </IconButton>
        </span>
      ),
    });
  }

  const rows = templates.data?.items.filter((t) => !query.search || `${t.name} ${t.code} ${t.emailCategoryName}`.toLowerCase().includes(query.search.toLowerCase()));
  return (
    <ListPage
      title="Email Notification"
      description="The e-mails the platform sends. A template that is off leaves its e-mail with the built-in text."
      action={canManage ? <Button onPress={() => navigate(EMAIL_PATHS.add)}>Add</Button> : undefined}
      searchLabel="Search e-mail templates"
      query={query}
      columns={columns}
      rows={rows}
      totalRows={templates.data?.totalRows}
      pageSize={EMAIL_PAGE_SIZE}
      isPending={templates.isPending}
      error={templates.error}
      onRetry={() => void templates.refetch()}
      emptyText={(search) => (search ? `No e-mail template matches “${search}”.` : 'No e-mail templates yet: every e-mail is sent with its built-in text.')}
    >
      {toggle.dialog}
    </ListPage>
  );
}
