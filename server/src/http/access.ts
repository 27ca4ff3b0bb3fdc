// Institution confinement, for every service: staff in institution-scoped roles (role type 1)
// see and change only their own institution's data; platform staff see all.
import { isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Caller } from './context';
import { forbidden } from './errors';

/** Refuses when an institution-scoped caller reaches for another institution's record. */
export function assertInstitutionAccess(caller: Caller, institutionId: number | null | undefined): void {
  if (isInstitutionScoped(caller.roleType) && institutionId !== caller.institutionId) throw forbidden();
}

/**
 * The institution a list or report should be filtered by: a scoped caller always gets their own
 * (asking for another is refused); platform staff get what they asked for (null/0 = all).
 */
export function scopedInstitutionId(caller: Caller, requested: number | null | undefined): number | null {
  if (isInstitutionScoped(caller.roleType)) {
    if (requested && requested !== caller.institutionId) throw forbidden();
    return caller.institutionId;
  }
  return requested || null;
}
