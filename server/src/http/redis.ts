// The Redis connection several server processes share for rate limits and cache invalidation
// (REDIS_URL; docs/decisions/054). Commands never queue while Redis is away: a rate limit falls
// back to this process's own memory and an invalidation message is dropped (the caches' time
// limit covers it), so a Redis outage never stalls or fails a request.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A connected client; refuses to start (with the reason) when Redis cannot be reached in time. */
export async function connectRedis(url: string, log: Logger, timeoutMs = 10_000): Promise<Redis> {
  const client = new Redis(url, { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 1 });
  let lastError = '';
  const onError = (error: Error) => {
    lastError = error.message;
  };
  client.on('error', onError);
  const timer = setTimeout(() => client.disconnect(), timeoutMs);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis at REDIS_URL could not be reached: ${lastError || (error instanceof Error ? error.message : String(error))}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  client.off('error', onError);
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) log.warn({ reason: error.message }, 'Redis unreachable: rate limits count in this process only until it is back');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info('Redis reachable again: rate limits are shared again');
    down = false;
  });
  return client;
}
