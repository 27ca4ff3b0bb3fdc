import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { requestHeader } from './send-json';

/**
 * The caller's address. X-Forwarded-For is believed only behind a proxy we were told about
 * (TRUST_PROXY), otherwise anyone could dodge the rate limits by inventing addresses.
 */
export function resolveClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
