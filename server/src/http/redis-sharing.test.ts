// Rate limits and cache invalidation through Redis (docs/decisions/054), on the machine's Redis.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, sharedServicesMissing } from '../testing/services';
import { createRedisCacheBus, type CacheBus } from './cache-bus';
import { AppError } from './errors';
import { createRateLimiter, redisLimiters } from './rate-limit';
import { connectRedis } from './redis';

const missing = await sharedServicesMissing({ redis: true });
if (missing) console.warn(`redis-sharing.test.ts ${missing}`);
const log = pino({ level: 'silent' });

describe.skipIf(missing)('sharing through Redis', () => {
  let a: Redis;
  let b: Redis;
  const buses: CacheBus[] = [];
  beforeAll(async () => {
    a = await connectRedis(REDIS_URL, log);
    b = await connectRedis(REDIS_URL, log);
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await a?.quit();
    await b?.quit();
  });

  const refusedAt = async (hit: () => Promise<void>, tries: number) => {
    for (let i = 1; i <= tries; i++) {
      try {
        await hit();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(429);
        return i;
      }
    }
    return null;
  };

  it('counts one budget across two connections (two processes)', async () => {
    const name = `test-${randomUUID()}`;
    const one = createRateLimiter(redisLimiters(a)(name, 3, 60));
    const two = createRateLimiter(redisLimiters(b)(name, 3, 60));
    await one.hit('ip:1');
    await two.hit('ip:1');
    await one.hit('ip:1');
    await expect(two.hit('ip:1')).rejects.toMatchObject({ status: 429 });
    await one.reset('ip:1');
    await expect(two.hit('ip:1')).resolves.toBeUndefined();
  });

  it('keeps limiting in memory while Redis is unreachable, instead of failing the request', async () => {
    const away = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true });
    const limiter = createRateLimiter(redisLimiters(away)(`test-${randomUUID()}`, 2, 60));
    expect(await refusedAt(() => limiter.hit('ip:2'), 5)).toBe(3);
    away.disconnect();
  });

  it('clears the other process’s caches when one says the catalogue changed, and not its own twice', async () => {
    const first = await createRedisCacheBus(a, log);
    const second = await createRedisCacheBus(b, log);
    buses.push(first, second);
    const cleared = { first: 0, second: 0 };
    first.register('catalogue', () => cleared.first++);
    const heard = new Promise<void>((resolve) =>
      second.register('catalogue', () => {
        cleared.second++;
        resolve();
      }),
    );
    first.changed('catalogue');
    expect(cleared.first).toBe(1);
    await heard;
    expect(cleared).toEqual({ first: 1, second: 1 });
  });
});
