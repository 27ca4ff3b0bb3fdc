// Settings › Instructors (issue 28; decision 075): a partner's instructors, whom the course
// wizard's Instructor Name offers. A partner's staff land on their own partner's list; platform
// staff choose the partner first from a table with each one's active instructors counted (as
// Certificate Settings does), kept in the URL (?partner=) so Back and reload keep the place.
// The list searches on the server, filters by status, adds and renames in a side drawer and
// (de)activates after a confirmation.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { INSTRUCTOR_MESSAGES as M, INSTRUCTOR_PAGE_SIZE, type InstructorPartner, type ManagedInstructor } from '@rivet/shared/api/instructors';
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { Select } from '@rivet/shared/ui/select';
import { InstructorDialog } from '../../components/instructor-dialog';
import { ListPage, type ListColumn } from '../../components/list-page';
import { EditIcon, PowerIcon } from '../../components/row-icons';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { useUpdateSearchParams } from '../../components/use-update-search-params';
import { useInstructorPartners, useInstructorSearch, useToggleInstructor, type StatusFilter } from './use-instructors';
import './instructors.css';

const TITLE = 'Instructors';
const STATUS_OPTIONS: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
];

type Partner = { id: number; name: string };

export function InstructorsPage() {
  const profile = useProfile();
  const [params, setParams] = useSearchParams();
  const scoped = isInstitutionScoped(profile.roleType);
  const chosen = Number(params.get('partner')) || null;
  const partnerId = scoped ? profile.institutionId : chosen;
  // The chosen partner's name; a partner's own staff have theirs in the profile.
  const named = useInstructorPartners(1, partnerId);
  const partnerName = named.data?.items.find((p) => p.id === partnerId)?.fullName ?? (scoped ? profile.institutionName : null) ?? 'the partner';

  if (partnerId !== null) {
    return <InstructorList partner={{ id: partnerId, name: partnerName }} onBack={scoped ? null : () => setParams({})} />;
  }
  return <PartnerTable onOpen={(p) => setParams({ partner: String(p.id) })} />;
}

function PartnerTable({ onOpen }: { onOpen: (partner: InstructorPartner) => void }) {
  const query = useListQuery();
  const partners = useInstructorPartners(query.page, null);
  const [adding, setAdding] = useState<Partner | null>(null);

  const columns: ListColumn<InstructorPartner>[] = [
    {
      id: 'partner',
      name: 'Partner',
      isRowHeader: true,
      render: (p) => (
        <span className="instructors__name">
          <span className="instructors__partner-name">{p.fullName}</span>
          {p.isActive ? null : <span className="instructors__badge">Inactive</span>}
        </span>
      ),
    },
    { id: 'active', name: 'Active instructors', render: (p) => (p.activeInstructors === 0 ? <span className="instructors__none">None yet</span> : p.activeInstructors) },
    {
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (p) => (
        <span className="instructors__actions">
          <Button variant="secondary" size="sm" aria-label={`Add an instructor to ${p.fullName}`} onPress={() => setAdding({ id: p.id, name: p.fullName })}>
            Add
          </Button>
          <Button variant="secondary" size="sm" aria-label={`View instructors of ${p.fullName}`} onPress={() => onOpen(p)}>
            View Instructors
          </Button>
        </span>
      ),
    },
  ];

  const needle = query.search.toLowerCase();
  return (
    <ListPage
      title={TITLE}
      description="Choose a partner to manage its instructors: the course wizard offers a partner’s active ones as Instructor Name."
      searchLabel="Search partners"
      query={query}
      columns={columns}
      rows={needle ? partners.data?.items.filter((p) => `${p.fullName} ${p.name}`.toLowerCase().includes(needle)) : partners.data?.items}
      totalRows={partners.data?.totalRows}
      pageSize={INSTRUCTOR_PAGE_SIZE}
      isPending={partners.isPending}
      error={partners.error}
      onRetry={() => void partners.refetch()}
      emptyText={(search) => (search ? `No partner matches “${search}”.` : 'No partners yet.')}
    >
      {adding ? <InstructorDialog partner={adding} placement="end" onClose={() => setAdding(null)} onSaved={() => void partners.refetch()} /> : null}
    </ListPage>
  );
}

type Editing = { instructor: ManagedInstructor | null } | null;

function InstructorList({ partner, onBack }: { partner: Partner; onBack: (() => void) | null }) {
  const query = useListQuery();
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const status = (STATUS_OPTIONS.find((o) => o.id === params.get('status'))?.id ?? 'all') satisfies StatusFilter;
  const instructors = useInstructorSearch(partner.id, query.search, status, query.page);
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useToggleConfirmation<ManagedInstructor>({
    noun: 'instructor',
    toggle: useToggleInstructor(),
    onDone: () => instructors.refetch(),
    failed: { activate: M.toggleFailed, deactivate: M.toggleFailed },
    deactivateHint: (i) =>
      `Authors will no longer be offered them as Instructor Name.${i.courses > 0 ? ` The ${i.courses === 1 ? 'course' : `${i.courses} courses`} naming them keep${i.courses === 1 ? 's' : ''} the name.` : ''}`,
    activateHint: () => 'Authors will be offered them as Instructor Name again.',
  });

  const columns: ListColumn<ManagedInstructor>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (i) => (
        <span className="instructors__name">
          {i.name}
          {i.isActive ? null : <span className="instructors__badge">Inactive</span>}
        </span>
      ),
    },
    { id: 'courses', name: 'Courses', render: (i) => i.courses },
    {
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (i) => (
        <span className="instructors__actions">
          <IconButton aria-label={`Edit ${i.name}`} onPress={() => setEditing({ instructor: i })}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`${i.isActive ? 'Deactivate' : 'Activate'} ${i.name}`} className={i.isActive ? 'instructors__toggle instructors__toggle--on' : 'instructors__toggle'} onPress={() => toggle.ask(i)}>
            <PowerIcon />
          </IconButton>
        </span>
      ),
    },
  ];

  const statusFilter = (
    <Select
      label="Status"
      className="instructors__status"
      items={STATUS_OPTIONS}
      value={status}
      onChange={(value) =>
        updateParams((next) => {
          if (value && value !== 'all') next.set('status', value);
          else next.delete('status');
          next.delete('page');
        })
      }
    />
  );

  return (
    <div className="instructors">
      {onBack ? (
        <Button variant="ghost" size="sm" onPress={onBack} className="instructors__back">
          ← Back
        </Button>
      ) : null}
      <ListPage
        title={onBack ? partner.name : TITLE}
        description={onBack ? 'Instructors' : `${partner.name}’s instructors: the course wizard offers the active ones as Instructor Name.`}
        action={<Button onPress={() => setEditing({ instructor: null })}>Add Instructor</Button>}
        searchLabel="Search instructors"
        filters={statusFilter}
        query={query}
        columns={columns}
        rows={instructors.data?.items}
        totalRows={instructors.data?.totalRows}
        pageSize={INSTRUCTOR_PAGE_SIZE}
        isPending={instructors.isPending}
        error={instructors.error}
        onRetry={() => void instructors.refetch()}
        emptyText={(search) =>
          search ? `No instructor matches “${search}”.` : status === 'inactive' ? 'No inactive instructors.' : status === 'active' ? 'No active instructors: authors cannot complete a course until one is added.' : 'No instructors yet: add the first, and authors can name them on their courses.'
        }
      >
        {toggle.dialog}
        {editing ? <InstructorDialog partner={partner} instructor={editing.instructor} placement="end" onClose={() => setEditing(null)} onSaved={() => void instructors.refetch()} /> : null}
      </ListPage>
    </div>
  );
}
