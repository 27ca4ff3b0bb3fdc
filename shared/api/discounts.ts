// Discount service: Manage Discounts (spec 002 §2.7, §3 "Discount", §4, §5 "Discount create", §6,
// §7 "Discounts", §8, §9). Discount coupons checkout already honours (shared/domain/discount.ts,
// server/src/payment): a default discount has one code, an advanced one a bulk list of codes, each
// redeemable once. Only the two platform admin roles see or change them (§6; docs/decisions/044).
import * as v from 'valibot';
import { DISCOUNT_STATUSES } from '../domain/discount';
import { PLATFORM_ADMIN_ROLE_IDS } from '../domain/permissions';
import { DISCOUNT_CHARGE, MAX_BASE_PRICE_KOBO } from '../domain/pricing';
import { defineEndpoint, staffInRoles } from './contract';
import { MAX_ID, nairaText, queryId, queryInt, requiredQueryBoolean, text } from './fields';

export const DISCOUNT_TYPE = { default: 1, advanced: 2 } as const;

export const DISCOUNT_UI_MESSAGES = {
  // §5, word for word
  endBeforeStart: 'Discount end date can not be less than start date.',
  percentageMax: 'percentage can not be greater than 100.',
  // §8
  created: 'Discount created successfully',
  updated: 'Discount updated successfully',
  // The toggle's answer, shown as a warning (§7); the same words as the other toggles'.
  activated: 'Record Activated',
  deactivated: 'Record deactivated',
  // §5 lists these as required without wording; ours.
  nameRequired: 'Please enter the discount name',
  descriptionRequired: 'Please enter a description',
  typeRequired: 'Please select a discount type',
  partnerRequired: 'Please select a partner',
  startRequired: 'Please select a start date',
  endRequired: 'Please select an end date',
  chargeTypeRequired: 'Please select a charge type',
  valueRequired: 'Please enter a value',
  usageRequired: 'Please choose a usage setting',
  usageLimitRequired: 'Please enter the usage limit',
  codeRequired: 'Please enter a code',
  fileRequired: 'Please upload the file of codes',
  coursesRequired: 'Please select at least one course',
  // Not in the spec.
  notFound: 'Discount not found',
  dateFormat: 'Dates are YYYY-MM-DD',
  valueNegative: 'The value can not be negative',
  percentageWhole: 'A percentage is a whole number',
  // A flat discount never takes off more than the dearest course costs.
  flatMax: `A flat discount is at most ${nairaText(MAX_BASE_PRICE_KOBO)}`,
  flatKobo: 'A flat discount has at most two decimals (kobo)',
  usageLimitRange: 'The usage limit is a whole number from 1 to 1,000,000,000',
  usageBelowUses: (uses: number) => `The usage limit can not be less than the ${uses} use${uses === 1 ? '' : 's'} so far`,
  codeFormat: 'A code is 3 to 40 letters, digits, hyphens or underscores',
  codeTaken: (code: string) => `The code ${code} is already in use`,
  nameTaken: (name: string) => `A discount named “${name}” already exists for this partner`,
  partnerInactive: 'That partner is not active: choose an active partner',
  partnerNotFound: 'That partner does not exist',
  courseNotPartners: 'A chosen course is not one of this partner’s courses',
  // The bulk file (docs/decisions/044).
  fileType: 'The file must be a CSV or an Excel workbook (.xlsx)',
  fileTooBig: (mb: number) => `The file must be at most ${mb} MB`,
  fileUnreadable: 'The file could not be read: save it again as CSV or .xlsx from the template',
  fileEmpty: 'The file has no codes',
  tooManyCodes: (max: number) => `A file holds at most ${max.toLocaleString('en-NG')} codes`,
  fileRows: (n: number) => `${n.toLocaleString('en-NG')} row${n === 1 ? ' has a problem' : 's have problems'}: nothing was imported`,
  rowMissing: 'No code in this row',
  rowFormat: 'Not a valid code: use 3 to 40 letters, digits, hyphens or underscores',
  rowDuplicate: (row: number) => `The same code as row ${row}`,
  rowTaken: 'Already in use by another discount',
  codesTakenMeanwhile: 'Another discount took some of these codes a moment ago: nothing was imported. Upload the file again to see which.',
  // Decision 080: an expired discount's switch would turn on nothing.
  expiredActivate: 'This discount has expired: change its end date (Update) to use it again',
} as const;

const M = DISCOUNT_UI_MESSAGES;

export const DISCOUNT_NAME_MAX = 100;
export const DISCOUNT_DESCRIPTION_MAX = 500;
/** §5: the flat amount's input holds at most 50 characters. */
export const FLAT_AMOUNT_MAX_CHARS = 50;
export const USAGE_LIMIT_MAX = 1_000_000_000;
export const CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
/** The bulk file: at most this many codes, this many bytes. */
export const BULK_CODES_MAX = 10_000;
export const BULK_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Row problems reported at most; the count says how many there were in all. */
export const BULK_ERRORS_SHOWN = 200;
/** The template's one column, and the header a file may start with. */
export const BULK_TEMPLATE_HEADER = 'Code';
export const BULK_TEMPLATE_NAME = 'discount-codes-template.csv';

/**
 * The template as a CSV: the header alone. Sample rows would be imported as real codes by anyone
 * who uploads the template as it came; the form's hint says what goes under the header.
 */
export const bulkTemplateCsv = () => `${BULK_TEMPLATE_HEADER}\r\n`;

/** Codes are stored upper case, as checkout matches them (shared/domain/discount.ts). */
export const codeProblem = (code: string): string | null => (CODE_PATTERN.test(code) ? null : M.codeFormat);

export const discountTypeName = (type: number) => (type === DISCOUNT_TYPE.advanced ? 'Advanced' : 'Default');
export const chargeTypeName = (type: number) => (type === DISCOUNT_CHARGE.percentage ? 'Percentage' : 'Flat');

export const discountSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  /** The default type's code; null for an advanced discount (its codes are counted). */
  code: v.nullable(v.string()),
  codeCount: v.number(),
  /** Advanced: codes redeemed so far. */
  codesRedeemed: v.number(),
  /** YYYY-MM-DD, Lagos calendar days, inclusive. */
  startDate: v.string(),
  endDate: v.string(),
  discountType: v.number(),
  discountTypeName: v.string(),
  /** 1 Flat, 2 Percentage (§9). */
  discountChargeType: v.number(),
  discountChargeTypeName: v.string(),
  /** Naira (with kobo) for a flat discount; whole percent for a percentage. */
  amount: v.number(),
  /** null: unlimited. */
  usageLimit: v.nullable(v.number()),
  usageCount: v.number(),
  allCoursesDiscount: v.boolean(),
  courseTitle: v.array(v.object({ id: v.number(), title: v.string() })),
  /** null: every partner's courses (only older discounts; new ones name a partner, §5). */
  institutionId: v.nullable(v.number()),
  institution: v.string(),
  /** The switch: whether staff turned it on. */
  isActive: v.boolean(),
  /** What that means today in Lagos: expired once the end date has passed, whatever the switch (decision 080). */
  status: v.picklist(DISCOUNT_STATUSES),
  dateCreated: v.string(),
});
export type Discount = v.InferOutput<typeof discountSchema>;

export const bulkRowErrorSchema = v.object({ row: v.number(), code: v.string(), reason: v.string() });
export type BulkRowError = v.InferOutput<typeof bulkRowErrorSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A multipart field: text, trimmed; missing is ''. */
const field = (max: number) => v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, `At most ${max} characters`));
const needed = (message: string, max: number) => v.pipe(field(max), v.nonEmpty(message), text(max));
const date = (message: string) => v.pipe(field(10), v.nonEmpty(message), v.check(realDate, M.dateFormat));
const flag = (message: string) => v.pipe(field(5), v.nonEmpty(message), v.toLowerCase(), v.picklist(['true', 'false'], message), v.transform((s) => s === 'true'));
const picked = (message: string, ...values: string[]) => v.pipe(field(2), v.nonEmpty(message), v.picklist(values, message), v.transform(Number));

/**
 * The form's rules that span fields (§5), shared by the console's form and the server. `amount`
 * is what was typed; it is checked as a number here.
 */
export interface DiscountRulesInput {
  discountType?: number;
  chargeType?: number;
  amount?: string;
  startDate?: string;
  endDate?: string;
  setUsageLimit?: boolean;
  usageLimit?: string;
  code?: string;
  allCourses?: boolean;
  courseIds?: readonly number[];
  hasFile?: boolean;
}

export function discountProblems(input: DiscountRulesInput): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (input.startDate && input.endDate && input.endDate < input.startDate) problems.push({ field: 'EndDate', message: M.endBeforeStart });
  const amountText = (input.amount ?? '').trim();
  if (amountText !== '') {
    const amount = Number(amountText);
    if (!Number.isFinite(amount) || !/^\d+(\.\d+)?$/.test(amountText)) problems.push({ field: 'Amount', message: amount < 0 ? M.valueNegative : M.valueRequired });
    else if (input.chargeType === DISCOUNT_CHARGE.percentage) {
      if (amount > 100) problems.push({ field: 'Amount', message: M.percentageMax });
      else if (!Number.isInteger(amount)) problems.push({ field: 'Amount', message: M.percentageWhole });
    } else if (input.chargeType === DISCOUNT_CHARGE.flat) {
      if (amount > MAX_BASE_PRICE_KOBO / 100) problems.push({ field: 'Amount', message: M.flatMax });
      else if (!/^\d+(\.\d{1,2})?$/.test(amountText)) problems.push({ field: 'Amount', message: M.flatKobo });
    }
  }
  if (input.setUsageLimit) {
    const limit = (input.usageLimit ?? '').trim();
    if (limit === '') problems.push({ field: 'UsageLimit', message: M.usageLimitRequired });
    else if (!/^\d{1,10}$/.test(limit) || Number(limit) < 1 || Number(limit) > USAGE_LIMIT_MAX) problems.push({ field: 'UsageLimit', message: M.usageLimitRange });
  }
  if (input.discountType === DISCOUNT_TYPE.default) {
    const code = (input.code ?? '').trim().toUpperCase();
    if (code === '') problems.push({ field: 'Code', message: M.codeRequired });
    else if (codeProblem(code)) problems.push({ field: 'Code', message: M.codeFormat });
  }
  if (input.discountType === DISCOUNT_TYPE.advanced && input.hasFile === false) problems.push({ field: 'FormFile', message: M.fileRequired });
  if (input.allCourses === false && !input.courseIds?.length) problems.push({ field: 'CourseId', message: M.coursesRequired });
  return problems;
}

/** DiscountModel, DiscountCourseModel and DiscountCodeModel (§3) as one multipart form; the bulk file is `FormFile`. */
export const createDiscountSchema = v.object({
  Name: needed(M.nameRequired, DISCOUNT_NAME_MAX),
  Description: needed(M.descriptionRequired, DISCOUNT_DESCRIPTION_MAX),
  DiscountType: picked(M.typeRequired, '1', '2'),
  DiscountChargeType: picked(M.chargeTypeRequired, '1', '2'),
  InstitutionId: v.pipe(field(10), v.nonEmpty(M.partnerRequired), v.regex(/^[1-9]\d{0,9}$/, M.partnerRequired), v.transform(Number), v.maxValue(MAX_ID, M.partnerRequired)),
  StartDate: date(M.startRequired),
  EndDate: date(M.endRequired),
  Amount: v.pipe(field(FLAT_AMOUNT_MAX_CHARS), v.nonEmpty(M.valueRequired)),
  SetUsageLimit: flag(M.usageRequired),
  UsageLimit: field(12),
  AllCoursesDiscount: v.pipe(field(5), v.toLowerCase(), v.transform((s) => s !== 'false')),
  /** Comma-separated course ids, when AllCoursesDiscount is false. */
  CourseId: v.pipe(
    field(1200),
    v.regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'CourseId is a comma-separated list of course ids'),
    v.transform((s) => (s ? [...new Set(s.split(',').map(Number))] : [])),
    v.check((ids) => ids.every((n) => n >= 1 && n <= MAX_ID), 'CourseId is a comma-separated list of course ids'),
    v.maxLength(100, 'At most 100 courses'),
  ),
  Code: field(60),
});
export type CreateDiscountFields = v.InferInput<typeof createDiscountSchema>;

const optionalDate = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || realDate(s), M.dateFormat))));

/** §7: id, name, description, startDate, endDate, setUsage, usageLimit; every field but id optional (§5). */
export const updateDiscountSchema = v.object({
  id: v.pipe(v.number('id is required'), v.integer('id is required'), v.minValue(1, 'id is required'), v.maxValue(MAX_ID, 'id is required')),
  name: v.optional(v.nullable(text(DISCOUNT_NAME_MAX))),
  description: v.optional(v.nullable(text(DISCOUNT_DESCRIPTION_MAX))),
  startDate: optionalDate,
  endDate: optionalDate,
  setUsage: v.optional(v.nullable(v.boolean('setUsage is true or false'))),
  usageLimit: v.optional(v.nullable(v.pipe(v.number(M.usageLimitRange), v.integer(M.usageLimitRange), v.minValue(1, M.usageLimitRange), v.maxValue(USAGE_LIMIT_MAX, M.usageLimitRange)))),
});
export type UpdateDiscountInput = v.InferInput<typeof updateDiscountSchema>;

const ACCESS = staffInRoles(...PLATFORM_ADMIN_ROLE_IDS);

export const searchDiscounts = defineEndpoint({
  service: 'Discount',
  method: 'GET',
  path: 'Discount/Search',
  summary: 'Discounts, newest first',
  description: 'institutionId picks one partner’s discounts (0 for all); search matches the name, description or a code. Active and inactive discounts are both listed.',
  access: ACCESS,
  query: v.object({
    institutionId: queryInt('institutionId', 0, MAX_ID, 0),
    search: v.optional(text(200), ''),
    page: queryInt('page', 1, 100_000, 1),
    pageSize: queryInt('pageSize', 1, 1000, 10),
  }),
  data: v.object({ items: v.array(discountSchema), totalRows: v.number() }),
  errors: [400, 401, 403],
});

export const getDiscountById = defineEndpoint({
  service: 'Discount',
  method: 'GET',
  path: 'Discount/GetDiscountById',
  summary: 'One discount, with its courses',
  access: ACCESS,
  query: v.object({ DiscountId: queryId('DiscountId') }),
  data: discountSchema,
  errors: [400, 401, 403, 404],
});

export const createDiscount = defineEndpoint({
  service: 'Discount',
  method: 'POST',
  path: 'Discount/Create',
  summary: 'Add a discount: a default one with its code, or an advanced one with a file of codes (multipart field `FormFile`)',
  description: `The partner must be active; chosen courses must be its own. The bulk file is a CSV or an .xlsx (judged by content, at most ${BULK_FILE_MAX_BYTES / 1048576} MB and ${BULK_CODES_MAX.toLocaleString('en-US')} codes), one code a row in its first column (or the column headed “Code”). Every row is checked first; with any bad row nothing is stored and the answer (400) lists each row in errors (field FormFile[row], message “Row n: reason”). Codes are unique across all discounts whatever their case (409 for a default code in use). Written to the audit trail.`,
  access: ACCESS,
  audit: { module: 'Discount', action: 'Create' },
  form: true,
  files: { FormFile: { description: 'An advanced discount’s codes: a CSV or an .xlsx, one code a row in its first column (or the column headed “Code”).' } },
  maxBodyBytes: BULK_FILE_MAX_BYTES + 64 * 1024,
  body: createDiscountSchema,
  data: discountSchema,
  errors: [400, 401, 403, 409],
});

export const updateDiscount = defineEndpoint({
  service: 'Discount',
  method: 'PUT',
  path: 'Discount/Update',
  summary: 'Change a discount’s name, description, dates or usage limit',
  description: 'Fields left out (or null) keep their values; setUsage false makes the discount unlimited. The end date may not fall before the start date, nor a limit below the uses so far. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Discount', action: 'Update' },
  body: updateDiscountSchema,
  data: discountSchema,
  errors: [400, 401, 403, 404],
});

/** The spec's method (DELETE) and path; nothing is deleted. */
export const toggleDiscount = defineEndpoint({
  service: 'Discount',
  method: 'DELETE',
  path: 'Discount/ActivateDeactivate',
  summary: 'Activate or deactivate a discount',
  description:
    'An inactive discount’s codes are refused at checkout. The description (“Record Activated” or “Record deactivated”) is shown as a warning. An expired discount (end date passed in Lagos) cannot be activated: 409 until its end date is changed. Written to the audit trail.',
  access: ACCESS,
  audit: { module: 'Discount', action: 'ActivateDeactivate' },
  query: v.object({ id: queryId('id'), isActive: requiredQueryBoolean('isActive') }),
  data: discountSchema,
  errors: [400, 401, 403, 404, 409],
});

export const DISCOUNT_ENDPOINTS = [searchDiscounts, getDiscountById, createDiscount, updateDiscount, toggleDiscount] as const;
