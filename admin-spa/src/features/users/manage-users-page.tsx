// Manage Users (spec 002 §2.5): a searchable card list of staff (name, user name, e-mail, role,
// Active/Inactive), Add Users for those holding manageuser, a detail modal with the status toggle
// and Update Details, and the Create User / Update User modals. Institution staff see their own
// institution's users; platform staff see every institution's (the server decides).
import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { USER_MESSAGES, type AdminUser } from '@rivet/shared/api/users';
import { ROLE_TYPE, hasAnyPermission } from '@rivet/shared/domain/permissions';
import { fullName } from '@rivet/shared/domain/people';
import { useProfile } from '@rivet/shared/client/session-context';
import { Avatar } from '@rivet/shared/ui/avatar';
import { Button } from '@rivet/shared/ui/button';
import { Select } from '@rivet/shared/ui/select';
import { ListPage } from '../../components/list-page';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { useUpdateSearchParams } from '../../components/use-update-search-params';
import { StatusPill } from './status-pill';
import { UserDetailDialog } from './user-detail-dialog';
import { UserFormDialog } from './user-form-dialog';
import { USER_PAGE_SIZE, usePartnerOptions, useUserCalls, useUserSearch } from './use-users';
import '../../components/card-open.css';
import './users.css';

type Editing = { mode: 'create' } | { mode: 'update'; user: AdminUser } | null;
type Named = AdminUser & { name: string };

export function ManageUsersPage() {
  const profile = useProfile();
  const canManage = hasAnyPermission(profile.permissions, 'manageuser');
  const superAdmin = profile.role === 'SUPER ADMIN';
  const platformStaff = profile.roleType !== ROLE_TYPE.Institution;
  const query = useListQuery();
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  // Platform staff may narrow the list to one institution (kept in the URL like the search).
  const institutionId = platformStaff ? Number(params.get('institution')) || null : null;
  const users = useUserSearch(query.search, query.page, institutionId);
  const partners = usePartnerOptions(platformStaff, false);
  const institutionFilter = platformStaff ? (
    <Select
      label="Institution"
      className="users__filter"
      items={[
        { id: 'all', label: 'All institutions' },
        ...(profile.institutionId ? [{ id: String(profile.institutionId), label: profile.institutionName ?? 'Rivet' }] : []),
        ...(partners.data?.items ?? []).map((p) => ({ id: String(p.id), label: p.name })),
      ]}
      value={institutionId ? String(institutionId) : 'all'}
      onChange={(value) =>
        updateParams((next) => {
          if (value && value !== 'all') next.set('institution', value);
          else next.delete('institution');
          next.delete('page');
        })
      }
    />
  ) : null;
  const calls = useUserCalls();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useToggleConfirmation<Named>({
    noun: 'user',
    toggle: calls.toggle,
    onDone: () => users.refetch(),
    failed: { activate: USER_MESSAGES.activateFailed, deactivate: USER_MESSAGES.deactivateFailed },
    deactivateHint: () => 'They are signed out at once and cannot sign in until they are activated again.',
  });

  const readOnlyReason = (user: AdminUser) =>
    !canManage ? 'You can view users but not change them.' : user.roleType === ROLE_TYPE.Rivet && !superAdmin ? 'Only a super admin can change Rivet staff.' : null;

  return (
    <ListPage<AdminUser>
      title="Manage Users"
      description={platformStaff ? 'Staff of Rivet and of every partner.' : `Staff of ${profile.institutionName ?? 'your institution'}.`}
      action={canManage ? <Button onPress={() => setEditing({ mode: 'create' })}>Add Users</Button> : null}
      searchLabel="Search users"
      filters={institutionFilter}
      query={query}
      columns={[]}
      rows={users.data?.items}
      totalRows={users.data?.totalRows}
      pageSize={USER_PAGE_SIZE}
      isPending={users.isPending}
      error={users.error}
      onRetry={() => void users.refetch()}
      emptyText={(search) => (search ? `No user matches “${search}”.` : 'No users yet.')}
      renderCard={(user) => <UserCard user={user} showInstitution={platformStaff} onOpen={() => setViewing(user)} />}
    >
      {toggle.dialog}
      {viewing ? (
        <UserDetailDialog
          user={viewing}
          showInstitution={platformStaff}
          readOnlyReason={readOnlyReason(viewing)}
          isSelf={viewing.id === profile.userId}
          onClose={() => setViewing(null)}
          onToggle={() => {
            // The confirmation takes the detail modal's place; it closes once the change is done.
            toggle.ask({ ...viewing, name: fullName(viewing.firstName, viewing.lastName) });
            setViewing(null);
          }}
          onUpdate={() => {
            setEditing({ mode: 'update', user: viewing });
            setViewing(null);
          }}
        />
      ) : null}
      {editing ? (
        <UserFormDialog user={editing.mode === 'update' ? editing.user : null} onClose={() => setEditing(null)} onSaved={() => void users.refetch()} />
      ) : null}
    </ListPage>
  );
}

function UserCard({ user, showInstitution, onOpen }: { user: AdminUser; showInstitution: boolean; onOpen: () => void }) {
  const name = fullName(user.firstName, user.lastName);
  return (
    // The button holds only the name its label starts with and covers the card (::after): a button
    // holding the whole card would have visible words (e-mail, username) missing from its name
    // (axe's label-content-name-mismatch; decision 093).
    <div className="user-card">
      <span className="user-card__top">
        <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profilePixUrl} />
        <span className="user-card__who">
          <AriaButton className="user-card__name user-card__open card-open" onPress={onOpen} aria-label={`${name}, ${user.roleName}, ${user.isActive ? 'Active' : 'Inactive'}: view details`}>
            {name}
          </AriaButton>
          <span className="user-card__muted">@{user.userName}</span>
        </span>
        <StatusPill isActive={user.isActive} />
      </span>
      <span className="user-card__muted user-card__email">{user.email}</span>
      <span className="user-card__meta">
        <span className="user-card__role">{user.roleName}</span>
        {showInstitution && user.institutionName ? <span className="user-card__muted">{user.institutionName}</span> : null}
      </span>
    </div>
  );
}
