// The token in a signed media URL (/media/c/{token}/{assetId}/…): whom it was issued to and until
// when, with an HMAC-SHA256 over asset, user and expiry. It proves the server issued this address
// to this user for this asset; whether they may still see it is checked on every request by the
// route. Two kinds: a learner's (enrolled in the asset's course) and a staff preview's (decision
// 035: an active staff member who may preview that course's institution). The kind is part of
// what is signed, under its own label, so one kind can never be passed off as the other.
//
//   token = base64url(JSON {u: userId, e: expiry in Unix seconds[, k: "p"]}) "." base64url(HMAC)
import { createHmac, timingSafeEqual } from 'node:crypto';

export type MediaTokenKind = 'learner' | 'preview';

export interface MediaClaims {
  userId: string;
  /** Unix seconds. */
  expires: number;
  /** Omitted: a learner's. */
  kind?: MediaTokenKind;
}

const MAC_LENGTH = 43; // 32 bytes in unpadded base64url
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;
// The learner label predates the preview kind: addresses already handed out stay valid.
const LABELS: Record<MediaTokenKind, string> = { learner: 'rivet-media-v1', preview: 'rivet-media-preview-v1' };

const mac = (secret: string, kind: MediaTokenKind, assetId: number, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`${LABELS[kind]}\n${assetId}\n${userId}\n${expires}`).digest();

export function signMediaToken(secret: string, assetId: number, claims: MediaClaims): string {
  const kind = claims.kind ?? 'learner';
  const body = kind === 'preview' ? { u: claims.userId, e: claims.expires, k: 'p' } : { u: claims.userId, e: claims.expires };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(secret, kind, assetId, claims.userId, claims.expires).toString('base64url')}`;
}

/** The claims of a token issued for this asset, or null when it is malformed or forged. Expiry is the caller's to check. */
export function verifyMediaToken(secret: string, token: string, assetId: number): (MediaClaims & { kind: MediaTokenKind }) | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  let claims: MediaClaims & { kind: MediaTokenKind };
  try {
    const payload = Buffer.from(match[1]!, 'base64url');
    // Only the canonical spelling: base64url has spare bits, and one address should have one token.
    if (payload.toString('base64url') !== match[1]) return null;
    const { u, e, k } = JSON.parse(payload.toString('utf8')) as { u?: unknown; e?: unknown; k?: unknown };
    if (typeof u !== 'string' || !u || u.length > 100 || typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
    if (k !== undefined && k !== 'p') return null;
    claims = { userId: u, expires: e, kind: k === 'p' ? 'preview' : 'learner' };
  } catch {
    return null;
  }
  // Compared as text, so a signature spelt differently in its spare bits is refused too.
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(mac(secret, claims.kind, assetId, claims.userId, claims.expires).toString('base64url'));
  if (given.length !== MAC_LENGTH || expected.length !== MAC_LENGTH || !timingSafeEqual(given, expected)) return null;
  return claims;
}
