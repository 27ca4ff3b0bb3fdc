// Tells the answer caches that what they hold went out of date (docs/decisions/054).
//
// The catalogue's caches (search answers, a partner's course list, search-text expansions, course
// outlines for progress events) keep answers for up to SEARCH_CACHE_SECONDS. A change of a course,
// a category or a partner clears them at once in the process that made it; with REDIS_URL the
// other processes hear of it through Redis pub/sub and clear theirs within the time a message
// takes. Should a message be lost (Redis unreachable for a while), the caches' own time limit is
// the backstop: no answer outlives SEARCH_CACHE_SECONDS, and every cache is cleared whenever the
// subscription comes back, since messages may have been missed meanwhile.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** 'catalogue': answer caches of what learners browse; 'sessions': users' session versions (decision 084). */
export type CacheTopic = 'catalogue' | 'sessions';

export interface CacheBus {
  /** `clear` runs whenever the topic's data changes, here or in another process. */
  register(topic: CacheTopic, clear: () => void): void;
  /** The topic's data changed: clears this process's caches now and tells the other processes. */
  changed(topic: CacheTopic): void;
  close(): Promise<void>;
}

const CHANNEL = 'rivet:cache-invalidation';

function localBus() {
  const clearers = new Map<CacheTopic, Set<() => void>>();
  return {
    register(topic: CacheTopic, clear: () => void) {
      let set = clearers.get(topic);
      if (!set) clearers.set(topic, (set = new Set()));
      set.add(clear);
    },
    clear(topic: CacheTopic) {
      for (const clear of clearers.get(topic) ?? []) clear();
    },
    clearAll() {
      for (const set of clearers.values()) for (const clear of set) clear();
    },
  };
}

/** One process (no REDIS_URL): clearing here is clearing everywhere. */
export function createLocalCacheBus(): CacheBus {
  const local = localBus();
  return {
    register: local.register,
    changed: local.clear,
    close: async () => undefined,
  };
}

/**
 * Several processes: `publisher` is a connected client (shared with the rate limits); a second
 * connection is opened for the subscription, which Redis reserves for listening.
 */
export async function createRedisCacheBus(publisher: Redis, log: Logger): Promise<CacheBus> {
  const local = localBus();
  const self = randomUUID();
  const subscriber = publisher.duplicate();
  let subscribedOnce = false;
  subscriber.on('error', (error: Error) => log.warn({ reason: error.message }, 'cache invalidation: Redis subscription error'));
  subscriber.on('ready', () => {
    // A reconnection: whatever was published meanwhile never arrived.
    if (subscribedOnce) {
      local.clearAll();
      log.info('cache invalidation: Redis subscription restored; answer caches cleared');
    }
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    try {
      const { topic, from } = JSON.parse(message) as { topic: CacheTopic; from: string };
      if (from !== self) local.clear(topic);
    } catch {
      log.warn({ message: message.slice(0, 200) }, 'cache invalidation: unreadable message ignored');
    }
  });
  // ioredis subscribes again by itself after a reconnection.
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL);
  subscribedOnce = true;
  return {
    register: local.register,
    changed(topic) {
      local.clear(topic);
      publisher.publish(CHANNEL, JSON.stringify({ topic, from: self })).catch((error: unknown) => {
        log.warn({ topic, reason: error instanceof Error ? error.message : String(error) }, 'cache invalidation: not published; other processes serve cached answers until they expire');
      });
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
