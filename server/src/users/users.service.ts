// Manage Users' rules (spec 002 §2.5, §5, §6; docs/decisions/028-manage-users.md).
// * Learners are not staff: they are never listed, found or changed here.
// * Institution staff reach only their own institution's users (confinement).
// * Rivet (platform) roles and the people holding them are a super admin's alone: anyone else
//   lists, gives and changes institution roles only (spec §6 gives them RoleType=1 role lists).
// * A role fits the institution: Rivet roles for the platform's own institution, institution roles
//   for partners.
// * Nobody deactivates themselves or changes their own role, and the last active SUPER ADMIN keeps
//   both their status and their role, so the platform can never be locked out.
import type { Logger } from 'pino';
import { USER_MESSAGES, type AdminUser } from '@rivet/shared/api/users';
import { ROLE_NAMES, ROLE_TYPE, STUDENT_ROLE_ID, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import { hashPassword } from '../authentication/passwords';
import { oneTimePassword, staffInvitationMail } from '../authentication/staff-invitation';
import type { Background } from '../http/background';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { assertInstitutionAccess, scopedInstitutionId } from '../http/access';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { StaffUserRow, UsersRepository } from './users.repository';
import { isUniqueViolation } from '../db/errors';

export interface UsersServiceDeps {
  repo: UsersRepository;
  clock: Clock;
  mailer: Mailer;
  background: Background;
  log: Logger;
  publicUrl: string;
}

const isSuperAdmin = (caller: Caller) => caller.role === ROLE_NAMES.superAdmin;
/** Whether the caller may give a role of this type, or change someone who holds one. */
const mayHandle = (caller: Caller, roleType: number) => isSuperAdmin(caller) || roleType === ROLE_TYPE.Institution;

function toUser(row: StaffUserRow): AdminUser {
  return { ...row };
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: UsersServiceDeps) {
  const { repo, clock } = deps;

  /** A staff user the caller may change: their own institution's (if scoped) and of a role type they handle. */
  async function reachable(caller: Caller, userId: string): Promise<StaffUserRow> {
    const row = await repo.find(userId);
    if (!row) throw notFound(USER_MESSAGES.notFound);
    assertInstitutionAccess(caller, row.institutionId);
    if (!mayHandle(caller, row.roleType)) throw forbidden(USER_MESSAGES.platformStaffOnly);
    return row;
  }

  /** The role to give a user of this institution (null: the platform's own staff, as in tests). */
  async function assignableRole(caller: Caller, roleId: number, institution: { isPlatform: boolean } | null) {
    const role = roleId === STUDENT_ROLE_ID ? null : await repo.role(roleId);
    if (!role) throw badRequest(USER_MESSAGES.roleNotFound, [{ field: 'roles', message: USER_MESSAGES.roleNotFound }]);
    if (!mayHandle(caller, role.roleType)) throw forbidden(USER_MESSAGES.platformStaffOnly);
    if (!role.isActive) throw badRequest(USER_MESSAGES.roleInactive, [{ field: 'roles', message: USER_MESSAGES.roleInactive }]);
    const platform = institution === null || institution.isPlatform;
    if (platform && role.roleType !== ROLE_TYPE.Rivet) throw badRequest(USER_MESSAGES.partnerRoleForPlatform, [{ field: 'roles', message: USER_MESSAGES.partnerRoleForPlatform }]);
    if (!platform && role.roleType !== ROLE_TYPE.Institution) throw badRequest(USER_MESSAGES.platformRoleForPartner, [{ field: 'roles', message: USER_MESSAGES.platformRoleForPartner }]);
    return role;
  }

  return {
    async list(caller: Caller, query: { search: string; Page: number; PageSize: number; institutionid?: number; isActive?: boolean }) {
      const { rows, total } = await repo.list({
        institutionId: scopedInstitutionId(caller, query.institutionid),
        search: query.search,
        isActive: query.isActive,
        page: query.Page,
        pageSize: query.PageSize,
      });
      return { items: rows.map(toUser), totalRows: total };
    },

    async create(
      caller: Caller,
      audit: Audit,
      input: { firstName: string; lastName: string; userName: string; email: string; phoneNumber: string; roles: number; institutionId?: number | null },
    ): Promise<AdminUser> {
      // Institution staff always create in their own institution, whatever the form sends.
      const institutionId = isInstitutionScoped(caller.roleType) ? caller.institutionId : input.institutionId || null;
      if (isInstitutionScoped(caller.roleType) && input.institutionId && input.institutionId !== caller.institutionId) throw forbidden();
      if (!institutionId) throw badRequest(USER_MESSAGES.institution, [{ field: 'institutionId', message: USER_MESSAGES.institution }]);
      const institution = await repo.institution(institutionId);
      if (!institution) throw badRequest(USER_MESSAGES.institutionNotFound, [{ field: 'institutionId', message: USER_MESSAGES.institutionNotFound }]);
      const role = await assignableRole(caller, input.roles, institution);

      if (await repo.userNameTaken(input.userName)) throw conflict(USER_MESSAGES.userNameTaken);
      if (await repo.emailTaken(input.email)) throw conflict(USER_MESSAGES.emailTaken);

      const password = oneTimePassword();
      let row: StaffUserRow;
      try {
        row = await repo.create(
          {
            userName: input.userName,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            phoneNumber: input.phoneNumber || null,
            passwordHash: await hashPassword(password),
            roleId: role.id,
            institutionId: institution.id,
          },
          (id) => audit.row(id, `Created ${role.name} user ${input.userName} at ${institution.code}`),
        );
      } catch (e) {
        // Two creates at once: the user name or the e-mail was taken in between.
        if (isUniqueViolation(e)) {
          throw conflict((await repo.userNameTaken(input.userName)) ? USER_MESSAGES.userNameTaken : USER_MESSAGES.emailTaken);
        }
        throw e;
      }

      // After the commit: the password reaches only the new user's inbox. A lost e-mail is
      // recovered with Forgot Password, which needs nobody else (decision 025).
      deps.background.run(async () => {
        try {
          await deps.mailer.send(
            staffInvitationMail({
              to: row.email,
              firstName: row.firstName,
              userName: row.userName,
              password,
              organisation: institution.isPlatform ? institution.name : institution.fullName,
              roleName: role.name,
              publicUrl: deps.publicUrl,
            }),
          );
        } catch (error) {
          deps.log.error({ err: error, userId: row.id }, 'staff invitation e-mail not sent');
        }
      });
      return toUser(row);
    },

    async update(
      caller: Caller,
      audit: Audit,
      input: { UserId: string; firstName: string; lastName: string; phoneNumber: string; roleId: number },
    ): Promise<AdminUser> {
      const existing = await reachable(caller, input.UserId);
      if (input.roleId !== existing.roleId) {
        if (existing.id === caller.userId) throw badRequest(USER_MESSAGES.ownRole, [{ field: 'roleId', message: USER_MESSAGES.ownRole }]);
        const institution = existing.institutionId === null ? null : await repo.institution(existing.institutionId);
        await assignableRole(caller, input.roleId, institution);
      }
      const changed = [
        existing.firstName !== input.firstName || existing.lastName !== input.lastName ? 'name' : null,
        (existing.phoneNumber ?? '') !== input.phoneNumber ? 'phone number' : null,
        existing.roleId !== input.roleId ? 'role' : null,
      ].filter(Boolean);
      const row = await repo.update(
        existing.id,
        { firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber || null, roleId: input.roleId },
        clock.now(),
        audit.row(existing.id, `Updated user ${existing.userName}${changed.length ? ` (${changed.join(', ')})` : ''}`),
      );
      if (!row) throw badRequest(USER_MESSAGES.lastSuperAdmin, [{ field: 'roleId', message: USER_MESSAGES.lastSuperAdmin }]);
      return toUser(row);
    },

    async setActive(caller: Caller, audit: Audit, userId: string, isActive: boolean): Promise<AdminUser> {
      const existing = await reachable(caller, userId);
      if (!isActive && existing.id === caller.userId) throw badRequest(USER_MESSAGES.notYourself);
      const row = await repo.setActive(
        existing.id,
        isActive,
        clock.now(),
        audit.row(existing.id, `${isActive ? 'Activated' : 'Deactivated'} user ${existing.userName}${isActive ? '' : ' and ended their sessions'}`),
      );
      if (!row) throw badRequest(USER_MESSAGES.lastSuperAdmin);
      return toUser(row);
    },
  };
}
