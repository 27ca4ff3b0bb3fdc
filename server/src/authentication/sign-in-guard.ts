// How password checks resist guessing without letting a stranger lock the owner out
// (docs/decisions/014). Hard limits apply only to the address doing the guessing: its failures on
// any account, and its failures on one account. Across every address, an account's failures only
// slow its answers down: each check of its password waits longer (doubling, capped), so a correct
// password from a new address still gets in.
import type { FailureCounter, RateLimiter } from '../http/rate-limit';

export interface SignInGuardDeps {
  /** Failed checks from one address, whatever the account (refused with 429 when spent). */
  perIp: RateLimiter;
  /** Failed checks on one account from one address (refused with 429 when spent). */
  perAccountIp: RateLimiter;
  /** Failed checks on one account from every address: never refuses, only slows down. */
  perAccount: FailureCounter;
  /** Failures on an account (from all addresses) before its answers start to slow down. */
  freeFailures: number;
  maxDelayMs: number;
  wait: (ms: number) => Promise<void>;
}

const FIRST_DELAY_MS = 1000;

/** 0 until `free` failures, then 1 s, 2 s, 4 s … up to `maxMs`. */
export function signInDelayMs(failures: number, free: number, maxMs: number): number {
  if (failures < free) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** Math.min(failures - free, 30));
}

/** Accounts are named as typed (trimmed, any case) so that case variants share one count. */
const accountKey = (account: string) => account.trim().toLowerCase();

export function createSignInGuard(deps: SignInGuardDeps) {
  const pairKey = (account: string, ip: string) => `${accountKey(account)}|${ip}`;
  return {
    /**
     * Before a password is checked. Attempts are counted up front (so a burst in parallel cannot
     * slip past the limit) and given back on success.
     */
    async before(account: string, ip: string): Promise<void> {
      await deps.perIp.hit(ip);
      await deps.perAccountIp.hit(pairKey(account, ip));
      const delay = signInDelayMs(await deps.perAccount.count(accountKey(account)), deps.freeFailures, deps.maxDelayMs);
      // Before the check, for right and wrong passwords alike: answering a wrong one slowly but a
      // right one at once would tell a guesser the outcome without waiting.
      if (delay > 0) await deps.wait(delay);
    },

    async failed(account: string): Promise<void> {
      await deps.perAccount.add(accountKey(account));
    },

    async succeeded(account: string, ip: string): Promise<void> {
      await deps.perIp.refund(ip);
      await deps.perAccountIp.reset(pairKey(account, ip));
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

export const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
