// Role Management (spec 002 §2.6): search, Name / Type / Action, Add Role, per-row edit and
// activate/deactivate. Built from the console's List page and Toggle with confirmation shapes.
import { useState } from 'react';
import { ROLE_MESSAGES, ROLE_TYPE_LABELS, type Role } from '@rivet/shared/api/roles';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useProfile } from '@rivet/shared/client/session-context';
import { Button } from '@rivet/shared/ui/button';
import { IconButton } from '@rivet/shared/ui/icon-button';
import { ListPage, type ListColumn } from '../../components/list-page';
import { EditIcon, PowerIcon } from '../../components/row-icons';
import { useToggleConfirmation } from '../../components/toggle-confirmation';
import { useListQuery } from '../../components/use-list-query';
import { ManageRoleDialog } from './manage-role-dialog';
import { ROLE_PAGE_SIZE, useRoleCalls, useRoleSearch } from './use-roles';
import './roles.css';

type Editing = { mode: 'create' } | { mode: 'edit'; role: Role } | null;

export function RoleManagementPage() {
  const profile = useProfile();
  const canManage = hasAnyPermission(profile.permissions, 'manageRole');
  const query = useListQuery();
  const roles = useRoleSearch(query.search, query.page);
  const calls = useRoleCalls();
  const [editing, setEditing] = useState<Editing>(null);
  const toggle = useToggleConfirmation<Role>({
    noun: 'role',
    toggle: calls.toggle,
    onDone: () => roles.refetch(),
    failed: { activate: ROLE_MESSAGES.activateFailed, deactivate: ROLE_MESSAGES.deactivateFailed },
    deactivateHint: () => 'Staff holding this role will not be able to sign in until it is activated again.',
  });

  const columns: ListColumn<Role>[] = [
    {
      id: 'name',
      name: 'Name',
      isRowHeader: true,
      render: (role) => (
        <span className="roles__name">
          {role.name}
          {role.isActive ? null : <span className="roles__badge">Inactive</span>}
        </span>
      ),
    },
    { id: 'type', name: 'Type', render: (role) => ROLE_TYPE_LABELS[role.roleType] ?? role.roleType },
    {
      id: 'action',
      name: 'Action',
      isAction: true,
      render: (role) =>
        canManage ? (
          <span className="roles__actions">
            <IconButton aria-label={`Edit ${role.name}`} onPress={() => setEditing({ mode: 'edit', role })}>
              <EditIcon />
            </IconButton>
            {/* SUPER ADMIN stays active (the server refuses too): no button that can only fail. */}
            {role.builtIn && role.name === 'SUPER ADMIN' ? null : (
              <IconButton
                aria-label={`${role.isActive ? 'Deactivate' : 'Activate'} ${role.name}`}
                className={role.isActive ? 'roles__toggle roles__toggle--on' : 'roles__toggle'}
                onPress={() => toggle.ask(role)}
              >
                <PowerIcon />
              </IconButton>
            )}
          </span>
        ) : (
          <span className="roles__muted">View only</span>
        ),
    },
  ];

  return (
    <ListPage
      title="Role Management"
      description="Roles decide what staff can see and do in the console."
      action={
        canManage ? (
          <Button onPress={() => setEditing({ mode: 'create' })}>Add Role</Button>
        ) : null
      }
      searchLabel="Search roles"
      query={query}
      columns={columns}
      rows={roles.data?.items}
      totalRows={roles.data?.totalRows}
      pageSize={ROLE_PAGE_SIZE}
      isPending={roles.isPending}
      error={roles.error}
      onRetry={() => void roles.refetch()}
      emptyText={(search) => (search ? `No role matches “${search}”.` : 'No roles yet.')}
    >
      {toggle.dialog}
      {editing ? (
        <ManageRoleDialog
          role={editing.mode === 'edit' ? editing.role : null}
          canManageRivetRoles={profile.role === 'SUPER ADMIN'}
          onClose={() => setEditing(null)}
          onSaved={() => void roles.refetch()}
        />
      ) : null}
    </ListPage>
  );
}
