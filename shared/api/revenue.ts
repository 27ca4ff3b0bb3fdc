// Course service: Revenue sharing (spec 002 §2.8, §3, §4, §5 "Revenue creation", §6, §7 "Revenue").
// A formula says who earns what from a sale: the Platform Owner first, then partners, in
// percentages that add up to exactly 100. Only the two platform admin roles (SUPER ADMIN, RIVET
// ADMIN) see or change formulas (§6). A formula is never edited in place: a change is a new
// formula, so a course keeps being split by the parties it was approved with (docs/decisions/038,
// 042). Deactivating one only stops it being chosen for new approvals.
import * as v from 'valibot';
import { REVENUE_MESSAGES, REVENUE_PARTY_TYPE, shareOfPercent } from '../domain/revenue-split';
import { PLATFORM_ADMIN_ROLE_IDS } from '../domain/permissions';
import { defineEndpoint, staffInRoles } from './contract';
import { MAX_ID, queryId, queryInt, required, requiredQueryBoolean, text } from './fields';

export const REVENUE_UI_MESSAGES = {
  ...REVENUE_MESSAGES,
  // §8
  created: 'Revenue created successfully',
  // The toggle's answer, shown as a warning toast (§7); the same words as the other toggles'.
  activated: 'Record Activated',
  deactivated: 'Record deactivated',
  // Not in the spec.
  notFound: 'Revenue formula not found',
  partnerNotFound: 'That partner does not exist',
  partnerInactive: (name: string) => `${name} is not active: choose an active partner`,
  percentageRange: 'A percentage must be from 0 to 100',
  percentageDecimals: 'A percentage may have at most two decimals',
  tooManyParties: (max: number) => `A formula has at most ${max} parties`,
  nameTaken: (name: string) => `A revenue formula named “${name}” already exists`,
} as const;

export const REVENUE_NAME_MAX = 100;
/** The Platform Owner and every partner once: far more than any real formula. */
export const MAX_REVENUE_PARTIES = 50;

const M = REVENUE_UI_MESSAGES;

export const revenueSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** ISO 8601; the list shows it as MM-DD-YYYY hh:mm (§2.8, §9). */
  dateCreated: v.string(),
  isActive: v.boolean(),
  /** Courses approved with this formula: their sales are split by it, active or not. */
  courses: v.number(),
});
export type Revenue = v.InferOutput<typeof revenueSchema>;

export const revenuePartnerSchema = v.object({
  id: v.number(),
  sNo: v.number(),
  /** 0 is the platform owner (§3). */
  partnerId: v.number(),
  /** 0 Platform Owner, 1 Partner (§3; the spelling is the spec's). */
  revenuePatnerType: v.number(),
  /** Percent, up to two decimals. */
  percentage: v.number(),
  /** The party's display name: the platform's own name for the owner. */
  partnerName: v.string(),
});
export type RevenuePartner = v.InferOutput<typeof revenuePartnerSchema>;

/** Missing, null and not a number all give the spec's "… is required!" message. */
const requiredNumber = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.number(message)), null),
    v.check((n) => n !== undefined && n !== null, message),
    v.transform((n) => n as number),
  );

const partyType = v.pipe(requiredNumber(M.typeRequired), v.picklist([REVENUE_PARTY_TYPE.platformOwner, REVENUE_PARTY_TYPE.partner], M.typeRequired));

const percentage = v.pipe(
  v.number(M.percentageRange),
  v.minValue(0, M.percentageRange),
  v.maxValue(100, M.percentageRange),
  v.check((p) => shareOfPercent(p) !== null, M.percentageDecimals),
);

export const revenuePartyInputSchema = v.object({
  sNo: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_REVENUE_PARTIES))),
  revenuePatnerType: partyType,
  partnerId: v.pipe(requiredNumber(M.partnerRequired), v.integer(M.partnerRequired), v.minValue(0, M.partnerRequired), v.maxValue(MAX_ID, M.partnerRequired)),
  percentage,
});

export const createRevenueSchema = v.object({
  name: required(M.nameRequired, REVENUE_NAME_MAX),
  revenuePartnerModel: v.pipe(
    v.array(revenuePartyInputSchema, M.ownerFirst),
    v.minLength(1, M.ownerFirst),
    v.maxLength(MAX_REVENUE_PARTIES, M.tooManyParties(MAX_REVENUE_PARTIES)),
  ),
});
export type CreateRevenueInput = v.InferInput<typeof createRevenueSchema>;

const ACCESS = staffInRoles(...PLATFORM_ADMIN_ROLE_IDS);

export const searchRevenue = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Revenue/Search',
  summary: 'Revenue-sharing formulas, newest first',
  description: 'search matches the name; id picks one formula (0 for all). Active and inactive formulas are both listed.',
  access: ACCESS,
  query: v.object({
    search: v.optional(text(200), ''),
    id: queryInt('id', 0, MAX_ID, 0),
    page: queryInt('page', 1, 100_000, 1),
    pageSize: queryInt('pageSize', 1, 1000, 10),
  }),
  data: v.object({ items: v.array(revenueSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const getRevenuePartners = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Revenue/GetRevenuePartners',
  summary: 'The parties of a formula, Platform Owner first, with their percentages',
  access: ACCESS,
  query: v.object({ RevenueId: queryId('RevenueId') }),
  data: v.array(revenuePartnerSchema),
  errors: [400, 401, 403, 404],
});

export const createRevenue = defineEndpoint({
  service: 'Course',
  method: 'POST',
  path: 'Revenue/Create',
  summary: 'Add a revenue-sharing formula',
  description:
    'The first party is the Platform Owner (partnerId 0, revenuePatnerType 0); the others are active partners (type 1), each once; percentages have at most two decimals and add up to exactly 100. Names are unique whatever their case (409). Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Revenue', action: 'Create' },
  body: createRevenueSchema,
  data: revenueSchema,
  errors: [400, 401, 403, 409],
});

/** The spec's method (DELETE) and path (`/Course/api/Revenue/…`, §7); nothing is deleted. */
export const toggleRevenue = defineEndpoint({
  service: 'Course',
  method: 'DELETE',
  path: 'Revenue/ActivateDeactivateRevenue',
  summary: 'Activate or deactivate a formula',
  description:
    'An inactive formula cannot be chosen for new QA approvals; courses approved with it keep being split by it. The description (“Record Activated” or “Record deactivated”) is shown as a warning toast. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Revenue', action: 'ActivateDeactivate' },
  query: v.object({ id: queryId('id'), isActive: requiredQueryBoolean('isActive') }),
  data: revenueSchema,
  errors: [400, 401, 403, 404],
});

const LAGOS = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * DATE CREATED as §2.8 and §9 give it, MM-DD-YYYY hh:mm, in Lagos time; the hour runs 00–23 so
 * 09:15 and 21:15 are told apart without an am/pm the format has no room for (docs/decisions/042).
 */
export function formatRevenueDate(iso: string): string {
  const parts = Object.fromEntries(LAGOS.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** What a typed percentage may look like on its way to a number: digits, then up to two decimals. */
export const PERCENT_TYPING = /^\d{0,3}(\.\d{0,2})?$/;
