// Who may act for, or read about, a learner. Used by every service that takes a learner's user id.
import { STUDENT_ROLE_ID, hasAnyPermission } from '@rivet/shared/domain/permissions';
import type { Caller } from './context';
import { forbidden } from './errors';

/** Only the learner themself (posting events, opening their course content, enrolling). */
export function assertSelf(caller: Caller, userId: string): void {
  if (caller.userId !== userId) throw forbidden();
}

/** The learner themself, or platform staff who view or manage users (reading a learner's lists). */
export function assertSelfOrUserReader(caller: Caller, userId: string): void {
  if (caller.userId === userId) return;
  if (caller.roleId !== STUDENT_ROLE_ID && caller.roleType === 0 && hasAnyPermission(caller.permissions, 'viewuser', 'manageuser')) return;
  throw forbidden();
}
