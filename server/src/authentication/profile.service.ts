// A learner's own profile: reading it, editing details, picture and social links, and deleting
// the account by anonymisation (docs/decisions/009-account-deletion.md). Platform staff who manage
// users may read a learner's profile too.
import type { StudentProfile } from '@rivet/shared/api/authentication';
import type { updateStudentProfileSchema, updateStudentSocialSchema } from '@rivet/shared/api/profile';
import { STUDENT_ROLE_ID, hasAnyPermission, isInstitutionScoped } from '@rivet/shared/domain/permissions';
import type * as v from 'valibot';
import type { Caller } from '../http/context';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { AuthenticationServiceDeps, RequestMeta } from './authentication.service';
import { MESSAGES, deletedIdentifier } from './messages';
import type { AuthenticationRepository, StudentProfileChanges, StudentUserChanges } from './authentication.repository';
import { verifyPassword } from './passwords';
import { randomToken } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ProfileUpdate = v.InferOutput<typeof updateStudentProfileSchema>;
type SocialUpdate = v.InferOutput<typeof updateStudentSocialSchema>;
type StudentRow = NonNullable<Awaited<ReturnType<AuthenticationRepository['studentProfile']>>>;

function toStudentProfile({ user, profile, countryName }: StudentRow): StudentProfile {
  return {
    userId: user.id,
    profileId: profile.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    age: profile.age,
    phoneNumber: user.phoneNumber,
    country: profile.countryCode,
    countryName,
    organization: profile.organization,
    jobTitle: profile.jobTitle,
    profilePixUrl: profile.profilePixUrl,
    facebook: profile.facebook,
    twitter: profile.twitter,
    youtube: profile.youtube,
    linkedin: profile.linkedin,
    dateCreated: user.createdAt.toISOString(),
  };
}

/** A sent field changes the value (empty clears it); a field left out keeps it. */
const cleared = (value: string) => (value === '' ? null : value);

export function createProfileService(deps: Pick<AuthenticationServiceDeps, 'repo' | 'clock' | 'log' | 'limits' | 'pictures'>) {
  const { repo, clock, limits } = deps;

  /** The caller's own learner profile row; someone else's Id (or profile id) is refused. */
  async function ownStudentRow(caller: Caller, userId: string, profileId: string | undefined): Promise<StudentRow> {
    if (userId !== caller.userId) throw forbidden(MESSAGES.notYourProfile);
    const row = UUID.test(userId) ? await repo.studentProfile(userId) : null;
    if (!row || row.user.deletedAt) throw notFound(MESSAGES.userNotFound);
    if (profileId && profileId !== String(row.profile.id)) throw forbidden(MESSAGES.notYourProfile);
    return row;
  }

  async function reloadProfile(userId: string): Promise<StudentProfile> {
    const row = await repo.studentProfile(userId);
    if (!row) throw notFound(MESSAGES.userNotFound);
    return toStudentProfile(row);
  }

  /** The rows are already right; a file left behind costs disk space, not correctness. */
  async function removePictureQuietly(url: string | null) {
    try {
      await deps.pictures.remove(url);
    } catch (error) {
      deps.log.warn({ err: error, url }, 'could not remove an old profile picture');
    }
  }

  return {
    async studentProfile(caller: Caller, userId: string): Promise<StudentProfile> {
      const own = caller.userId === userId;
      const platformStaff = caller.roleId !== STUDENT_ROLE_ID && !isInstitutionScoped(caller.roleType) && hasAnyPermission(caller.permissions, 'viewuser', 'manageuser');
      if (!own && !platformStaff) throw forbidden();
      const row = UUID.test(userId) ? await repo.studentProfile(userId) : null;
      if (!row) throw notFound(MESSAGES.userNotFound);
      return toStudentProfile(row);
    },

    async updateStudentProfile(caller: Caller, input: ProfileUpdate, picture: File | undefined): Promise<StudentProfile> {
      const row = await ownStudentRow(caller, input.Id, input.ProfileId);
      if (input.Country && !(await repo.countryExists(input.Country))) {
        throw badRequest(MESSAGES.countryRequired, [{ field: 'Country', message: MESSAGES.countryRequired }]);
      }
      const user: StudentUserChanges = {};
      const profile: StudentProfileChanges = {};
      if (input['UpdateProfiles.FirstName'] !== undefined) user.firstName = input['UpdateProfiles.FirstName'];
      if (input['UpdateProfiles.LastName'] !== undefined) user.lastName = input['UpdateProfiles.LastName'];
      if (input['UpdateProfiles.PhoneNumber'] !== undefined) user.phoneNumber = cleared(input['UpdateProfiles.PhoneNumber']);
      if (input['UpdateProfiles.Organization'] !== undefined) profile.organization = cleared(input['UpdateProfiles.Organization']);
      if (input['UpdateProfiles.JobTitle'] !== undefined) profile.jobTitle = cleared(input['UpdateProfiles.JobTitle']);
      if (input.Country !== undefined) profile.countryCode = cleared(input.Country);
      if (input.Age !== undefined) profile.age = cleared(input.Age);
      // A file input left empty still sends a part with no bytes: that is "no new picture".
      const newPicture = picture && picture.size > 0 ? await deps.pictures.save(picture, 'UpdateProfiles.ProfilePix') : null;
      if (newPicture) profile.profilePixUrl = newPicture;
      try {
        await repo.updateStudentProfile(row.user.id, { user, profile }, clock.now());
      } catch (error) {
        await deps.pictures.remove(newPicture);
        throw error;
      }
      if (newPicture) await removePictureQuietly(row.profile.profilePixUrl);
      return reloadProfile(row.user.id);
    },

    async updateStudentSocial(caller: Caller, input: SocialUpdate): Promise<StudentProfile> {
      const row = await ownStudentRow(caller, input.Id, input.ProfileId);
      const profile: StudentProfileChanges = {};
      if (input.Twitter !== undefined) profile.twitter = cleared(input.Twitter);
      if (input.YouTube !== undefined) profile.youtube = cleared(input.YouTube);
      if (input.FaceBook !== undefined) profile.facebook = cleared(input.FaceBook);
      if (input.LinkedIn !== undefined) profile.linkedin = cleared(input.LinkedIn);
      await repo.updateStudentProfile(row.user.id, { user: {}, profile }, clock.now());
      return reloadProfile(row.user.id);
    },

    /** Account deletion, confirmed by the password (docs/decisions/009). */
    async deleteStudentAccount(caller: Caller, password: string, meta: RequestMeta): Promise<void> {
      if (caller.roleId !== STUDENT_ROLE_ID) throw forbidden(MESSAGES.staffCannotDelete);
      // Each wrong password is a guess at the account's password: it counts as a failed sign-in.
      const account = `learner:${caller.userName}`;
      await limits.signIn.before(account, meta.ip);
      const found = await repo.findById(caller.userId);
      if (!found || found.user.deletedAt) throw notFound(MESSAGES.userNotFound);
      if (found.role.id !== STUDENT_ROLE_ID) throw forbidden(MESSAGES.staffCannotDelete);
      if (!(await verifyPassword(found.user.passwordHash, password))) {
        await limits.signIn.failed(account);
        throw badRequest(MESSAGES.wrongPassword, [{ field: 'password', message: MESSAGES.wrongPassword }]);
      }
      // Not an argon2 hash at all, so no password can ever match it.
      const unusable = `deleted$${randomToken()}`;
      await repo.anonymiseStudent(found.user.id, { identifier: deletedIdentifier(found.user.id), passwordHash: unusable }, clock.now());
      await limits.signIn.succeeded(account, meta.ip);
      await removePictureQuietly(found.profilePix);
    },
  };
}
