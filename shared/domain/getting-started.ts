// What a partner still needs before its first course can be published (issue 28; decision 079).
// Pure, so the server's answer and the console's panel judge the same facts the same way.

/** The checklist, in the order a new partner does it. */
export const SETUP_ITEMS = ['instructor', 'signatory', 'approval', 'settlement', 'revenueFormula'] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

export interface SetupFacts {
  /** Active instructors: the course wizard's Instructor Name needs one. */
  instructors: number;
  /** The partner's own active certificate signatories. */
  signatories: number;
  /** Active partner staff whose (active) role holds approvecourse. */
  approvers: number;
  /** Active workflows whose every level still has enough users able to approve. */
  workflows: number;
  /** Names of active workflows with a level that can no longer be cleared (too few users able to approve). */
  stuckWorkflows: readonly string[];
  /** A bank (still offered) and an account number are on the partner's record. */
  settlement: boolean;
  /** Active revenue formulas that name the partner: QA approves a course only with one of them. */
  revenueFormulas: number;
}

/**
 * Whether each item is done. Approval is done with no workflow at all: a course is then reviewed
 * once by any of the partner's approvers (decision 037); it needs at least one such person, and no
 * workflow that would leave a course waiting for ever.
 */
export function setupItemDone(key: SetupItemKey, facts: SetupFacts): boolean {
  switch (key) {
    case 'instructor':
      return facts.instructors > 0;
    case 'signatory':
      return facts.signatories > 0;
    case 'approval':
      return facts.approvers > 0 && facts.stuckWorkflows.length === 0;
    case 'settlement':
      return facts.settlement;
    case 'revenueFormula':
      return facts.revenueFormulas > 0;
  }
}

export function setupChecklist(facts: SetupFacts): { key: SetupItemKey; done: boolean }[] {
  return SETUP_ITEMS.map((key) => ({ key, done: setupItemDone(key, facts) }));
}
