// Whether an access token is still true (docs/decisions/084).
//
// An access token lives 15 minutes and carries its user's role and permissions. When those stop
// being true (the user or their role deactivated, the role changed or its permissions, the
// partner deactivated, the password changed, the account deleted) the change raises
// users.session_version in its transaction, and a token carrying an older version (claim `sv`) is
// refused from the next request on.
//
// Checking costs one indexed read per user, not per request: versions are kept here for
// SESSION_CHECK_MS, 10,000 users at most (the oldest dropped). A change clears them in the process
// that made it before its answer leaves, and in the other processes through the cache bus (Redis
// pub/sub with REDIS_URL, decision 054) within a message's time. Should a message be lost, the
// time limit is the backstop: another process accepts a revoked token for at most
// SESSION_CHECK_MS.
import type { CacheBus } from '../http/cache-bus';

export const SESSION_CHECK_MS = 5_000;
const KEPT_MAX = 10_000;

export interface SessionVersions {
  /** The user's current version, or null when there is no such user. */
  current(userId: string, nowMs: number): number | null | Promise<number | null>;
  /** Some user's version was raised (after the commit): forget what is kept, here and elsewhere. */
  changed(): void;
}

export function createSessionVersions(deps: {
  versionOf: (userId: string) => Promise<number | null>;
  caches: CacheBus;
  keepMs?: number | undefined;
}): SessionVersions {
  const keepMs = deps.keepMs ?? SESSION_CHECK_MS;
  const kept = new Map<string, { version: number | null; until: number }>();
  const reading = new Map<string, Promise<number | null>>();
  // Raised on every clear: a read that started before a change must not keep what it found.
  let generation = 0;
  const clear = () => {
    generation += 1;
    kept.clear();
    reading.clear();
  };
  deps.caches.register('sessions', clear);

  function read(userId: string, nowMs: number): Promise<number | null> {
    const pending = reading.get(userId);
    if (pending) return pending;
    const startedIn = generation;
    const promise = deps.versionOf(userId).then(
      (version) => {
        if (generation === startedIn) {
          reading.delete(userId);
          if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
          kept.set(userId, { version, until: nowMs + keepMs });
        }
        return version;
      },
      (error: unknown) => {
        if (generation === startedIn) reading.delete(userId);
        throw error;
      },
    );
    reading.set(userId, promise);
    return promise;
  }

  return {
    current(userId, nowMs) {
      const hit = kept.get(userId);
      if (hit) {
        if (hit.until > nowMs) return hit.version;
        kept.delete(userId);
      }
      return read(userId, nowMs);
    },
    changed() {
      deps.caches.changed('sessions');
    },
  };
}
