// Access tokens are short-lived HS256 JWTs carrying what permission checks need; refresh and
// reset tokens are opaque random strings stored only as SHA-256 hashes.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Caller } from '../http/context';

const ISSUER = 'rivet';
const AUDIENCE = 'rivet-api';

export interface AccessTokens {
  issue(caller: Caller, now: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The caller, or null when the token is invalid; 'expired' when only its time is up. */
  verify(token: string, now: Date): Promise<Caller | null | 'expired'>;
}

/** Verified tokens kept, so a learner's next calls with the same token skip the signature check. */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // jose checks the HMAC through WebCrypto: a thread-pool job per call, most of a progress event's
  // own cost (decision 065). A token that verified once is the same string with the same
  // signature each time it comes back: its caller is kept until its expiry (checked on every use,
  // as jose checks it), the oldest dropped past VERIFIED_MAX. Only verified tokens are kept.
  const verified = new Map<string, { caller: Caller; exp: number }>();
  return {
    async issue(caller, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({
        un: caller.userName,
        role: caller.role,
        rid: caller.roleId,
        rt: caller.roleType,
        perms: caller.permissions,
        inst: caller.institutionId,
        sid: caller.sessionId,
        sv: caller.sessionVersion ?? 0,
        ...(caller.passwordChangeRequired ? { pwc: true } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(caller.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once exp is at or before the current second.
        if (known.exp > Math.floor(now.getTime() / 1000)) return known.caller;
        verified.delete(token);
        return 'expired';
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now,
        });
        const caller: Caller = {
          userId: String(payload.sub),
          userName: String(payload.un),
          role: String(payload.role),
          roleId: Number(payload.rid),
          roleType: Number(payload.rt),
          permissions: Array.isArray(payload.perms) ? payload.perms.map(String) : [],
          institutionId: payload.inst == null ? null : Number(payload.inst),
          sessionId: String(payload.sid),
          // Tokens issued before decision 084 carry none: version 0, the column's default.
          sessionVersion: typeof payload.sv === 'number' ? payload.sv : 0,
          ...(payload.pwc === true ? { passwordChangeRequired: true } : {}),
        };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
          verified.set(token, { caller, exp: payload.exp });
        }
        return caller;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return 'expired';
        return null;
      }
    },
  };
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
