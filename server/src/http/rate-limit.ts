// Rate limits for the endpoints attackers like (sign-in, register, forgot-password). In memory by
// default; shared through Redis when REDIS_URL is set so several instances count together.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CODES } from '@rivet/shared/api/contract';
import { AppError } from './errors';

export interface RateLimiter {
  /** Counts one attempt for the key; throws a 429 AppError once the budget is spent. */
  hit(key: string): Promise<void>;
  /** Forgets the key's attempts (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** Gives back one attempt counted by `hit` (it turned out not to be one that should count). */
  refund(key: string): Promise<void>;
}

/** Counts events for a key within the window without ever refusing (e.g. to slow answers down). */
export interface FailureCounter {
  count(key: string): Promise<number>;
  add(key: string): Promise<void>;
}

export type LimiterFactory = (name: string, points: number, windowSeconds: number) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (name, points, duration) =>
  new RateLimiterMemory({ keyPrefix: name, points, duration });

function minutes(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return m === 1 ? '1 minute' : `${m} minutes`;
}

export function createRateLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const wait = rejection.msBeforeNext;
        throw new AppError(
          429,
          CODES.rateLimited,
          `Too many attempts. Please wait ${minutes(wait)} and try again.`,
          [],
          { 'retry-after': String(Math.ceil(wait / 1000)) },
        );
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
  };
}

/** Give it a limiter whose budget is never reached: penalty() counts without refusing. */
export function createFailureCounter(limiter: RateLimiterAbstract): FailureCounter {
  return {
    async count(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
    async add(key) {
      await limiter.penalty(key, 1);
    },
  };
}

/**
 * Limits counted in Redis, so every process sees the same attempts. While Redis is unreachable,
 * each limiter counts in this process's memory instead (its insurance limiter): a Redis outage
 * neither fails sign-ins nor lifts the limits, it only stops sharing them.
 */
export function redisLimiters(client: Redis): LimiterFactory {
  return (name, points, duration) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `rl:${name}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration }),
    });
}
