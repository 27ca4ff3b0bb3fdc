// The token in a signed media URL (/media/c/{token}/{assetId}/…): which learner it was issued to
// and until when, with an HMAC-SHA256 over asset, learner and expiry. It proves the server issued
// this address to this learner for this asset; whether the learner may still see it (enrolled,
// account not deleted) is checked on every request by the route.
//
//   token = base64url(JSON {u: userId, e: expiry in Unix seconds}) "." base64url(HMAC)
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface MediaClaims {
  userId: string;
  /** Unix seconds. */
  expires: number;
}

const MAC_LENGTH = 43; // 32 bytes in unpadded base64url
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, assetId: number, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`rivet-media-v1\n${assetId}\n${userId}\n${expires}`).digest();

export function signMediaToken(secret: string, assetId: number, claims: MediaClaims): string {
  const payload = Buffer.from(JSON.stringify({ u: claims.userId, e: claims.expires })).toString('base64url');
  return `${payload}.${mac(secret, assetId, claims.userId, claims.expires).toString('base64url')}`;
}

/** The claims of a token issued for this asset, or null when it is malformed or forged. Expiry is the caller's to check. */
export function verifyMediaToken(secret: string, token: string, assetId: number): MediaClaims | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  let claims: MediaClaims;
  try {
    const payload = Buffer.from(match[1]!, 'base64url');
    // Only the canonical spelling: base64url has spare bits, and one address should have one token.
    if (payload.toString('base64url') !== match[1]) return null;
    const { u, e } = JSON.parse(payload.toString('utf8')) as { u?: unknown; e?: unknown };
    if (typeof u !== 'string' || !u || u.length > 100 || typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
    claims = { userId: u, expires: e };
  } catch {
    return null;
  }
  // Compared as text, so a signature spelt differently in its spare bits is refused too.
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(mac(secret, assetId, claims.userId, claims.expires).toString('base64url'));
  if (given.length !== MAC_LENGTH || expected.length !== MAC_LENGTH || !timingSafeEqual(given, expected)) return null;
  return claims;
}
