// Manage Partners' rules (spec 002 §2.4, §4, §5 "Partner create", §7 Partners). A partner is an
// institution that is not the platform's own record; the platform's record is never listed,
// changed or deactivated here. docs/decisions/026-partners.md
import {
  PARTNER_IMAGES,
  PARTNER_MESSAGES,
  partnerCodeFrom,
  type Partner,
  type PartnerAdmin,
  type PartnerDetail,
  type PartnerImageField,
} from '@rivet/shared/api/partners';
import { ROLE_NAMES, STUDENT_ROLE_ID } from '@rivet/shared/domain/permissions';
import type { Audit } from '../audit/audit';
import { hashPassword } from '../authentication/passwords';
import { oneTimePassword, staffInvitationMail } from '../authentication/staff-invitation';
import type { Background } from '../http/background';
import type { Clock } from '../http/clock';
import type { Caller } from '../http/context';
import { assertInstitutionAccess, scopedInstitutionId } from '../http/access';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { ImageStore } from '../media/image-uploads';
import type { Logger } from 'pino';
import type { PartnerRepository, PartnerRow, PartnerValues } from './institution.repository';
import { violatedUnique } from '../db/errors';

type ImageUrlKey = (typeof PARTNER_IMAGES)[number]['url'];
export type PartnerFiles = Partial<Record<PartnerImageField, File>>;

interface BasicInfo {
  FullName: string;
  Name: string;
  Email: string;
  PhoneNumber: string;
  Website: string;
  Address: string;
  Country: string;
  AccountNumber: string;
  BankId: number;
  overView: string;
}

export interface CreatePartner extends BasicInfo {
  InstitutionType: number;
  Code: string;
  'UserModel.FirstName': string;
  'UserModel.LastName': string;
  'UserModel.Email': string;
  'UserModel.PhoneNumber': string;
  'UserModel.userName': string;
  'UserModel.Roles': number;
}

export interface UpdatePartner extends BasicInfo {
  id: number;
}

export function toPartner({ institution: i, countryName }: PartnerRow): Partner {
  return {
    id: i.id,
    name: i.name,
    fullName: i.fullName,
    code: i.code,
    institutionType: i.institutionType,
    email: i.email,
    phoneNumber: i.phoneNumber,
    website: i.website,
    address: i.address,
    country: i.countryCode,
    countryName: countryName ?? null,
    overView: i.overview,
    logoUrl: i.logoUrl,
    thumbnailUrl: i.thumbnailUrl,
    bannerUrl: i.bannerUrl,
    certificateLogoUrl: i.certificateLogoUrl,
    isActive: i.isActive,
    dateCreated: i.createdAt.toISOString(),
  };
}

function toDetail(row: PartnerRow): PartnerDetail {
  return { ...toPartner(row), bankId: row.institution.bankId, bankName: row.bankName ?? null, accountNumber: row.institution.accountNumber };
}

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** The spec's 409 for each unique index a partner's create or update can hit (spec 002 §8). */
const UNIQUE_INDEX_MESSAGES: Record<string, string> = {
  institutions_name_key: PARTNER_MESSAGES.nameTaken,
  institutions_email_key: PARTNER_MESSAGES.emailTaken,
  institutions_code_key: PARTNER_MESSAGES.codeTaken,
  users_user_name_key: PARTNER_MESSAGES.adminUserNameTaken,
  users_email_key: PARTNER_MESSAGES.adminEmailTaken,
};

export type PartnersService = ReturnType<typeof createPartnersService>;

export function createPartnersService(deps: {
  repo: PartnerRepository;
  clock: Clock;
  images: ImageStore;
  mailer: Mailer;
  background: Background;
  publicUrl: string;
  log: Logger;
}) {
  const { repo, images } = deps;

  async function reachable(caller: Caller, id: number): Promise<PartnerRow> {
    const row = await repo.find(id);
    if (!row) throw notFound(PARTNER_MESSAGES.notFound);
    assertInstitutionAccess(caller, row.institution.id);
    return row;
  }

  /** Country and bank must be on their lists (the bank still open); name and e-mail unique. */
  async function checkBasicInfo(input: BasicInfo, exceptId: number, code?: string) {
    if (!(await repo.countryExists(input.Country))) throw fieldError('Country', PARTNER_MESSAGES.countryUnknown);
    if (!(await repo.bankIsActive(input.BankId))) throw fieldError('BankId', PARTNER_MESSAGES.bankUnknown);
    const taken = await repo.taken({ name: input.Name, email: input.Email, code }, exceptId);
    if (taken.nameTaken) throw conflict(PARTNER_MESSAGES.nameTaken);
    if (taken.emailTaken) throw conflict(PARTNER_MESSAGES.emailTaken);
    if (taken.codeTaken) throw conflict(PARTNER_MESSAGES.codeTaken);
  }

  /** Stores the uploaded pictures; if one is refused, those already stored are removed again. */
  async function storeImages(files: PartnerFiles): Promise<Partial<Record<ImageUrlKey, string>>> {
    const stored: Partial<Record<ImageUrlKey, string>> = {};
    try {
      for (const { field, url } of PARTNER_IMAGES) {
        const file = files[field];
        if (file && file.size > 0) stored[url] = await images.save(file, field);
      }
    } catch (error) {
      await removeImages(stored);
      throw error;
    }
    return stored;
  }

  async function removeImages(urls: Partial<Record<ImageUrlKey, string | null>>) {
    for (const url of Object.values(urls)) {
      try {
        await images.remove(url);
      } catch (error) {
        deps.log.warn({ err: error }, 'could not remove a partner picture');
      }
    }
  }

  const basicValues = (input: BasicInfo) => ({
    name: input.Name,
    fullName: input.FullName,
    email: input.Email,
    phoneNumber: input.PhoneNumber,
    // The website is optional: left empty, none is stored (issue 30).
    website: input.Website || null,
    address: input.Address,
    countryCode: input.Country,
    accountNumber: input.AccountNumber,
    bankId: input.BankId,
    overview: input.overView,
  });

  /** Two saves at once pass the checks above; the unique index that refused the later one names the clash (decision 082). */
  function duplicateMessage(error: unknown): string | null {
    const index = violatedUnique(error);
    if (index === null) return null;
    return UNIQUE_INDEX_MESSAGES[index] ?? 'Another change was saved at the same time; please try again.';
  }

  return {
    async search(caller: Caller, query: { Page: number; PageSize: number; Id: number; IsActive?: boolean; Search: string }) {
      const institutionId = scopedInstitutionId(caller, query.Id);
      const { rows, total } = await repo.search({ institutionId, isActive: query.IsActive, search: query.Search, page: query.Page, pageSize: query.PageSize });
      return { items: rows.map(toPartner), totalRows: total };
    },

    async get(caller: Caller, id: number): Promise<PartnerDetail> {
      return toDetail(await reachable(caller, id));
    },

    async taken(query: { code: string; name: string; email: string; Id: number }) {
      return repo.taken({ code: query.code, name: query.name, email: query.email }, query.Id);
    },

    async create(caller: Caller, audit: Audit, input: CreatePartner, files: PartnerFiles): Promise<PartnerDetail> {
      const missing = PARTNER_IMAGES.find(({ field }) => !files[field] || files[field].size === 0);
      if (missing) throw fieldError(missing.field, PARTNER_MESSAGES.imageMissing(missing.label));
      const code = input.Code || partnerCodeFrom(input.Name);
      if (code.length < 2) throw fieldError('Code', PARTNER_MESSAGES.codeInvalid);
      await checkBasicInfo(input, 0, code);
      const adminUserName = input['UserModel.userName'];
      const adminEmail = input['UserModel.Email'];
      const account = await repo.accountTaken(adminUserName, adminEmail);
      if (account.userNameTaken) throw conflict(PARTNER_MESSAGES.adminUserNameTaken);
      if (account.emailTaken) throw conflict(PARTNER_MESSAGES.adminEmailTaken);

      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const urls = await storeImages(files);
      const values: PartnerValues = { ...basicValues(input), code, institutionType: input.InstitutionType, ...urls };
      let row: PartnerRow;
      try {
        row = await repo.create(
          values,
          {
            userName: adminUserName,
            email: adminEmail,
            firstName: input['UserModel.FirstName'],
            lastName: input['UserModel.LastName'],
            phoneNumber: input['UserModel.PhoneNumber'],
            passwordHash,
            roleId: input['UserModel.Roles'],
            mustChangePassword: true,
          },
          (id) => audit.row(id, `Created partner ${input.FullName} (${code}) with its admin ${adminUserName}`),
        );
      } catch (error) {
        await removeImages(urls);
        const clash = duplicateMessage(error);
        if (clash) throw conflict(clash);
        throw error;
      }
      // After the commit: the password goes to the admin's inbox only (never the response or the logs).
      deps.background.run(() =>
        deps.mailer.send(
          staffInvitationMail({
            to: adminEmail,
            firstName: input['UserModel.FirstName'],
            userName: adminUserName,
            password,
            organisation: input.FullName,
            roleName: ROLE_NAMES.institutionAdmin,
            publicUrl: deps.publicUrl,
          }),
        ),
      );
      return toDetail(row);
    },

    async update(caller: Caller, audit: Audit, input: UpdatePartner, files: PartnerFiles): Promise<PartnerDetail> {
      const existing = await reachable(caller, input.id);
      if (!existing.institution.isActive) throw badRequest(PARTNER_MESSAGES.inactive);
      await checkBasicInfo(input, existing.institution.id);
      const urls = await storeImages(files);
      let row: PartnerRow;
      try {
        row = await repo.update(existing.institution.id, { ...basicValues(input), ...urls }, audit.row(existing.institution.id, `Updated partner ${input.FullName} (${existing.institution.code})`));
      } catch (error) {
        await removeImages(urls);
        const clash = duplicateMessage(error);
        if (clash) throw conflict(clash);
        throw error;
      }
      // The replaced pictures are no longer referenced.
      await removeImages(Object.fromEntries(Object.keys(urls).map((key) => [key, existing.institution[key as ImageUrlKey]])));
      return toDetail(row);
    },

    async setActive(caller: Caller, audit: Audit, id: number, isActive: boolean): Promise<Partner> {
      const existing = await reachable(caller, id);
      const row = await repo.setActive(
        existing.institution.id,
        isActive,
        audit.row(existing.institution.id, `${isActive ? 'Activated' : 'Deactivated'} partner ${existing.institution.fullName} (${existing.institution.code})`),
        deps.clock.now(),
      );
      return toPartner(row);
    },

    async adminUsers(caller: Caller, institutionId: number): Promise<PartnerAdmin[]> {
      const partner = await reachable(caller, institutionId);
      const rows = await repo.staffOf(partner.institution.id, STUDENT_ROLE_ID);
      return rows.map(({ user, roleName }) => ({
        id: user.id,
        userName: user.userName,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        roleName,
        isActive: user.isActive,
      }));
    },
  };
}
