// Institution service: Manage Platform (spec 002 §2.4 last bullet, §3 "Platform record", §5
// "Platform form", §7 Partner/*): the parties the platform's own revenue share is paid to, each
// with a bank and a 10-digit NUBAN. Settlement accounts belong to the platform, so every call needs
// manageinstitution, which only platform roles (role type 0) may hold (docs/decisions/027).
import * as v from 'valibot';
import { defineEndpoint, staffWith } from './contract';
import { MAX_ID, id, queryId, queryInt, required, requiredQueryBoolean, text } from './fields';

export const PLATFORM_MESSAGES = {
  name: 'Please enter name',
  bank: 'Please enter your Bank Name',
  account: 'Please enter your account number',
  accountDigits: 'Account number must be 10 digits',
  bankUnknown: 'Choose a bank from the list',
  created: 'Platform created successfully',
  updated: 'Platform updated successfully',
  deactivated: 'Record deactivated',
  activated: 'Record Activated',
  deactivateFailed: 'Failed to deactivate platform',
  activateFailed: 'Failed to activate platform',
  notFound: 'Platform record not found',
  nameTaken: (name: string) => `A platform named “${name}” already exists`,
} as const;

/** Spec §9: the platform table shows 50 rows a page. */
export const PLATFORM_PAGE_SIZE = 50;
export const PLATFORM_NAME_MAX = 100;
/** A Nigerian bank account number (NUBAN) is exactly 10 digits. */
export const NUBAN = /^\d{10}$/;

/** Required, then exactly 10 digits (spaces a user typed around it are dropped). */
const accountNumber = () => v.pipe(required(PLATFORM_MESSAGES.account, 64), v.regex(NUBAN, PLATFORM_MESSAGES.accountDigits));

export const platformPartnerSchema = v.object({
  id: v.number(),
  name: v.string(),
  bankId: v.number(),
  bankName: v.string(),
  accountNumber: v.string(),
  isActive: v.boolean(),
  /** ISO 8601. */
  dateCreated: v.string(),
});
export type PlatformPartner = v.InferOutput<typeof platformPartnerSchema>;

/** The create/update form (spec §5); on update the name is shown but locked. */
export const platformFormSchema = v.object({
  name: required(PLATFORM_MESSAGES.name, PLATFORM_NAME_MAX),
  bankId: id('bankId', PLATFORM_MESSAGES.bank),
  account: accountNumber(),
});
export type PlatformFormInput = v.InferInput<typeof platformFormSchema>;

export const searchPlatformPartners = defineEndpoint({
  service: 'Institution',
  method: 'GET',
  path: 'Partner/Search',
  summary: 'Platform settlement parties, searched by name (id picks one)',
  description: 'Active and inactive parties by name, 50 a page unless pageSize says otherwise, with the bank’s name and totalRows.',
  access: staffWith('manageinstitution'),
  query: v.object({
    search: v.optional(text(100), ''),
    id: queryInt('id', 0, MAX_ID, 0),
    page: queryInt('page', 1, 100_000, 1),
    pageSize: queryInt('pageSize', 1, 1000, PLATFORM_PAGE_SIZE),
  }),
  data: v.object({ items: v.array(platformPartnerSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const createPlatformPartner = defineEndpoint({
  service: 'Institution',
  method: 'POST',
  path: 'Partner/Create',
  summary: 'Add a platform settlement party: name, bank, 10-digit account number',
  description: 'Names are unique whatever their case (409). The bank must be an active one from Partner/Banks. Written to the audit trail.',
  access: staffWith('manageinstitution'),
  audit: { module: 'Partner', action: 'Create' },
  body: platformFormSchema,
  data: platformPartnerSchema,
  errors: [400, 401, 403, 409],
});

export const updatePlatformPartner = defineEndpoint({
  service: 'Institution',
  method: 'PUT',
  path: 'Partner/Update',
  summary: 'Change a platform party’s bank and account number (its name stays)',
  description: 'The name cannot change: payouts and reports know the party by it. The bank must be active, unless it is the one already on record. Written to the audit trail.',
  access: staffWith('manageinstitution'),
  audit: { module: 'Partner', action: 'Update' },
  query: v.object({ id: queryId('id'), bankId: queryId('bankId', PLATFORM_MESSAGES.bank), accountno: accountNumber() }),
  data: platformPartnerSchema,
  errors: [400, 401, 403, 404],
});

export const activateDeactivatePlatformPartner = defineEndpoint({
  service: 'Institution',
  method: 'DELETE',
  path: 'Partner/ActivateDeactivate',
  summary: 'Activate (isActive=true) or deactivate (isActive=false) a platform party',
  description: 'Nothing is deleted: an inactive party keeps its record. Written to the audit trail.',
  access: staffWith('manageinstitution'),
  audit: { module: 'Partner', action: 'ActivateDeactivate' },
  query: v.object({ id: queryId('id'), isActive: requiredQueryBoolean('isActive') }),
  data: platformPartnerSchema,
  errors: [400, 401, 403, 404],
});
