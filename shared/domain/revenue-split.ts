// Who earns what from a sale (spec 002 §2.8, §4; docs/decisions/038-revenue-split.md). A revenue
// formula gives each party — the platform owner first, then partners — a percentage that together
// make exactly 100. A successful payment splits its *revenue*, the amount paid less the VAT (owed
// to the tax office) and the gateway charge (kept by Paystack), between the parties in whole kobo.
//
// Rounding: each party first gets the floor of its exact share; the kobo left over (fewer than the
// number of parties) go one each to the parties with the largest remainders, ties to the earlier
// party (the platform owner before partners). The parts therefore always add up to the revenue,
// no party is ever more than one kobo from its exact share, and the result does not depend on the
// order in which the database returns the parties.

/** Percentages are kept in hundredths of a percent, so 33.33 % is 3_333 and the total is 10_000. */
export const WHOLE_FORMULA = 10_000;

export const REVENUE_PARTY_TYPE = { platformOwner: 0, partner: 1 } as const;

export interface FormulaParty {
  /** 0 is the platform owner (spec 002 §3). */
  partnerId: number;
  partyType: 0 | 1;
  /** Hundredths of a percent. */
  share: number;
}

export interface SplitPart {
  partnerId: number;
  partyType: 0 | 1;
  kobo: number;
}

export const REVENUE_MESSAGES = {
  // spec 002 §5
  nameField: 'Please enter revenue name',
  nameRequired: 'Revenue name is required!',
  partnerRequired: 'Revenue partnerId is required!',
  typeRequired: 'Revenue revenuePatnerType is required!',
  // Not in the spec (the form disables Save instead): the server's own refusals.
  notHundred: 'The percentages must add up to exactly 100',
  ownerFirst: 'The first party is the Platform Owner',
  partnerTwice: 'A partner can be chosen only once',
  negative: 'A percentage cannot be negative',
} as const;

/** 12.5 → 1_250; more than two decimals are not representable and answer null. */
export function shareOfPercent(percent: number): number | null {
  const hundredths = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(hundredths - percent * 100) > 1e-6) return null;
  return hundredths;
}

/** The formula's problems (an empty list when it can be saved). */
export function formulaProblems(parties: readonly FormulaParty[]): string[] {
  const problems: string[] = [];
  if (parties[0]?.partyType !== REVENUE_PARTY_TYPE.platformOwner || parties[0]?.partnerId !== 0) problems.push(REVENUE_MESSAGES.ownerFirst);
  const partners = parties.slice(1);
  if (partners.some((p) => p.partyType !== REVENUE_PARTY_TYPE.partner || !p.partnerId)) problems.push(REVENUE_MESSAGES.partnerRequired);
  if (new Set(partners.map((p) => p.partnerId)).size !== partners.length) problems.push(REVENUE_MESSAGES.partnerTwice);
  if (parties.some((p) => !Number.isInteger(p.share) || p.share < 0)) problems.push(REVENUE_MESSAGES.negative);
  if (parties.reduce((sum, p) => sum + p.share, 0) !== WHOLE_FORMULA) problems.push(REVENUE_MESSAGES.notHundred);
  return problems;
}

/** The revenue of a payment: what is left for the parties after VAT and the gateway charge. */
export function revenueOf(payment: { amountKobo: number; vatKobo: number; gatewayChargeKobo: number }): number {
  return Math.max(0, payment.amountKobo - payment.vatKobo - payment.gatewayChargeKobo);
}

/** Splits `revenueKobo` by the formula (which must pass formulaProblems) by the rule above. */
export function splitRevenue(revenueKobo: number, parties: readonly FormulaParty[]): SplitPart[] {
  if (!Number.isSafeInteger(revenueKobo) || revenueKobo < 0) throw new RangeError('revenue must be a whole, non-negative number of kobo');
  const problems = formulaProblems(parties);
  if (problems.length) throw new RangeError(problems.join('; '));
  // BigInt keeps revenue × share exact beyond 2^53 (₦90 billion × 10_000 would not fit).
  const exact = parties.map((p, index) => {
    const scaled = BigInt(revenueKobo) * BigInt(p.share);
    return { index, kobo: Number(scaled / BigInt(WHOLE_FORMULA)), remainder: Number(scaled % BigInt(WHOLE_FORMULA)) };
  });
  let left = revenueKobo - exact.reduce((sum, e) => sum + e.kobo, 0);
  const byRemainder = [...exact].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const e of byRemainder) {
    if (left === 0) break;
    if (e.remainder === 0) continue;
    e.kobo += 1;
    left -= 1;
  }
  return parties.map((p, i) => ({ partnerId: p.partnerId, partyType: p.partyType, kobo: exact[i]!.kobo }));
}

/**
 * Courses approved before QA chose a formula (the demo catalogue, and any course approved before
 * revenue sharing existed) have none; their sales are split by this rule (docs/decisions/042):
 * 30 % to the platform owner and 70 % to the course's own partner, the shape of the seeded
 * "Standard 30/70" formulas. A course of the platform itself earns the platform everything.
 */
export const DEFAULT_PLATFORM_SHARE = 3_000;

export function defaultFormula(courseInstitutionId: number | null): FormulaParty[] {
  if (courseInstitutionId === null) return [{ partnerId: 0, partyType: REVENUE_PARTY_TYPE.platformOwner, share: WHOLE_FORMULA }];
  return [
    { partnerId: 0, partyType: REVENUE_PARTY_TYPE.platformOwner, share: DEFAULT_PLATFORM_SHARE },
    { partnerId: courseInstitutionId, partyType: REVENUE_PARTY_TYPE.partner, share: WHOLE_FORMULA - DEFAULT_PLATFORM_SHARE },
  ];
}

/**
 * The partner a sale belongs to: a course's own institution, or the platform itself (whose courses
 * earn no partner anything).
 */
export interface FormulaCourse {
  institutionId: number;
  isPlatform: boolean;
}

/**
 * Whether a formula may split a course's sales (issue 28, docs/decisions/076): a partner's course
 * only by a formula that names that partner, a course of the platform itself only by a formula
 * that names no partner. Otherwise a sale would pay a partner that has no part in the course (a
 * UNILAG course approved with LBS's formula paid LBS 70 % and UNILAG nothing). QA's choices, the
 * approval's check and the ledger's writer all ask this one rule; migration 0024 applies it in SQL
 * to courses approved before it.
 */
export function formulaFitsCourse(parties: readonly Pick<FormulaParty, 'partnerId'>[], course: FormulaCourse): boolean {
  if (course.isPlatform) return parties.every((p) => !p.partnerId);
  return parties.some((p) => p.partnerId === course.institutionId);
}

/** QA's words when no formula fits, and when the chosen one does not (the partner named, never an id). */
export const FORMULA_FIT_MESSAGES = {
  noneFits: (partner: string, isPlatform: boolean) =>
    isPlatform ? 'No active revenue formula leaves out every partner, as a course of the platform itself needs.' : `No active revenue formula names ${partner}.`,
  doesNotFit: (formula: string, partner: string, isPlatform: boolean) =>
    isPlatform
      ? `The revenue formula “${formula}” names a partner, but this course is the platform’s own: choose a formula without partners`
      : `The revenue formula “${formula}” does not name ${partner}: choose a formula that gives ${partner} its share`,
} as const;
