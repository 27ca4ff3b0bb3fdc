// A staff member's profile (spec 002 §2.13): reading one, and editing one's own in the Update
// Profile wizard (Account/Admin/UpdateAdminUser). The edit is written to the audit trail in the
// same transaction (docs/decisions/021).
import type { AdminProfile } from '@rivet/shared/api/authentication';
import { ADMIN_PROFILE_MESSAGES, type updateAdminUserSchema } from '@rivet/shared/api/admin-profile';
import { hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type * as v from 'valibot';
import type { Audit } from '../audit/audit';
import { assertInstitutionAccess } from '../http/access';
import type { Caller } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { CODES } from '@rivet/shared/api/contract';
import type { AuthenticationServiceDeps } from './authentication.service';
import type { StaffProfileChanges, StaffUserChanges } from './authentication.repository';
import { MESSAGES } from './messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AdminUserUpdate = v.InferOutput<typeof updateAdminUserSchema>;

/** A sent optional field changes the value (blank clears it); one left out keeps it. */
const cleared = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);

export function createAdminProfileService(deps: Pick<AuthenticationServiceDeps, 'repo' | 'clock' | 'log' | 'pictures'>) {
  const { repo, clock } = deps;

  async function load(userId: string): Promise<AdminProfile> {
    const row = UUID.test(userId) ? await repo.staffProfile(userId) : null;
    if (!row) throw notFound(MESSAGES.userNotFound);
    const { user, profile } = row;
    return {
      id: profile.id,
      userId: user.id,
      userName: user.userName,
      address1: profile.address1,
      address2: profile.address2,
      profilePixUrl: profile.profilePixUrl,
      headline: profile.headline,
      biography: profile.biography,
      website: profile.website,
      twitter: profile.twitter,
      youTube: profile.youtube,
      faceBook: profile.facebook,
      linkedIn: profile.linkedin,
      role: row.role.name,
      roleId: row.role.id,
      isActive: user.isActive,
      institutionId: row.institution?.id ?? null,
      institutionName: row.institution?.name ?? null,
      institutionCode: row.institution?.code ?? null,
      // Platform staff belong to the platform's own institution row, but answer for every partner.
      activeCourses: await repo.liveCourseCount(isInstitutionScoped(row.role.roleType) ? user.institutionId : null, clock.now()),
      notifications: await repo.currentNotificationCount(clock.now()),
      user: { firstName: user.firstName, lastName: user.lastName, email: user.email, phoneNumber: user.phoneNumber },
    };
  }

  return {
    async adminProfile(caller: Caller, userId: string): Promise<AdminProfile> {
      const own = caller.userId === userId;
      if (!own && !hasAnyPermission(caller.permissions, 'viewuser', 'manageuser')) throw forbidden();
      const row = UUID.test(userId) ? await repo.staffProfile(userId) : null;
      if (!row) throw notFound(MESSAGES.userNotFound);
      // Institution roles are confined to their own institution's people.
      if (!own) assertInstitutionAccess(caller, row.user.institutionId);
      return load(userId);
    },

    /** Basic Info and Public Profile of the caller's own staff profile, with an optional new picture. */
    async updateAdminUser(caller: Caller, input: AdminUserUpdate, picture: File | undefined, audit: Audit): Promise<AdminProfile> {
      if (input.UserId !== caller.userId || (input.CurrentUserId && input.CurrentUserId !== caller.userId)) throw forbidden(MESSAGES.notYourProfile);
      const row = await repo.staffProfile(caller.userId);
      if (!row) throw notFound(MESSAGES.userNotFound);
      const profileId = String(row.profile.id);
      if ((input.Id && input.Id !== profileId) || (input.ProfileId && input.ProfileId !== profileId)) throw forbidden(MESSAGES.notYourProfile);

      // A file input left empty still sends a part with no bytes: that is "no new picture".
      const chosen = picture && picture.size > 0 ? picture : undefined;
      if (!chosen && !row.profile.profilePixUrl) {
        throw badRequest(ADMIN_PROFILE_MESSAGES.picture, [{ field: 'ProfilePix', message: ADMIN_PROFILE_MESSAGES.picture }]);
      }
      if (input.Email !== row.user.email && (await repo.emailTakenByOther(input.Email, caller.userId))) {
        throw new AppError(409, CODES.conflict, ADMIN_PROFILE_MESSAGES.emailTaken, [{ field: 'Email', message: ADMIN_PROFILE_MESSAGES.emailTaken }]);
      }

      const user: StaffUserChanges = { firstName: input.FirstName, lastName: input.LastName, email: input.Email, phoneNumber: input.PhoneNumber };
      const optional: StaffProfileChanges = {
        address1: input.Address1,
        address2: cleared(input.Address2),
        headline: cleared(input.Headline),
        biography: cleared(input.Biography),
        website: cleared(input.Website),
        twitter: cleared(input.Twitter),
        youtube: cleared(input.YouTube),
        facebook: cleared(input.FaceBook),
        linkedin: cleared(input.LinkedIn),
      };
      const profile = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) as StaffProfileChanges;
      const newPicture = chosen ? await deps.pictures.save(chosen, 'ProfilePix') : null;
      if (newPicture) profile.profilePixUrl = newPicture;
      try {
        await repo.updateStaffProfile(
          caller.userId,
          { user, profile },
          clock.now(),
          audit.row(caller.userId, `${caller.userName} updated their profile${newPicture ? ' and picture' : ''}`),
        );
      } catch (error) {
        await deps.pictures.remove(newPicture);
        throw error;
      }
      if (newPicture) {
        try {
          await deps.pictures.remove(row.profile.profilePixUrl);
        } catch (error) {
          deps.log.warn({ err: error }, 'could not remove an old staff profile picture');
        }
      }
      return load(caller.userId);
    },
  };
}
