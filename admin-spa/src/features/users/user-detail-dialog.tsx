// A user's details (spec 002 §2.5, §4 "Partner and user isActive"): who they are, their role and
// status, the status toggle and Update Details, which an inactive user cannot use.
import type { AdminUser } from '@rivet/shared/api/users';
import { fullName } from '@rivet/shared/domain/people';
import { Avatar } from '@rivet/shared/ui/avatar';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { StatusPill } from './status-pill';

export interface UserDetailDialogProps {
  user: AdminUser;
  /** Show the institution (platform staff see users of every institution). */
  showInstitution: boolean;
  /** Why the caller may not change this user, or null when they may. */
  readOnlyReason: string | null;
  /** The caller's own account: it can be updated but not deactivated. */
  isSelf: boolean;
  onToggle: () => void;
  onUpdate: () => void;
  onClose: () => void;
}

export function UserDetailDialog({ user, showInstitution, readOnlyReason, isSelf, onToggle, onUpdate, onClose }: UserDetailDialogProps) {
  const name = fullName(user.firstName, user.lastName);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      size="md"
      title="User details"
      footer={
        readOnlyReason ? (
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
        ) : (
          <>
            {isSelf ? null : (
              <Button variant={user.isActive ? 'danger' : 'primary'} onPress={onToggle}>
                {user.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            <Button onPress={onUpdate} isDisabled={!user.isActive}>
              Update Details
            </Button>
          </>
        )
      }
    >
      <div className="user-detail">
        <div className="user-detail__who">
          <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profilePixUrl} size="lg" />
          <div>
            <p className="user-detail__name">{name}</p>
            <p className="user-detail__muted">@{user.userName}</p>
          </div>
          <StatusPill isActive={user.isActive} />
        </div>
        <dl className="user-detail__facts">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Phone Number</dt>
          <dd>{user.phoneNumber || '—'}</dd>
          <dt>Role</dt>
          <dd>{user.roleName}</dd>
          {showInstitution ? (
            <>
              <dt>Institution</dt>
              <dd>{user.institutionName ?? '—'}</dd>
            </>
          ) : null}
          <dt>Password</dt>
          <dd>{user.mustChangePassword ? 'Still the one-time password from the invitation' : 'Chosen by the user'}</dd>
        </dl>
        {readOnlyReason ? <p className="users__hint">{readOnlyReason}</p> : null}
        {!readOnlyReason && !user.isActive ? <p className="users__hint">Activate this user to update their details.</p> : null}
        {!readOnlyReason && isSelf ? <p className="users__hint">This is your own account: you cannot deactivate it.</p> : null}
      </div>
    </Modal>
  );
}
