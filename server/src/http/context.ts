import type { Context } from 'hono';
import type { Logger } from 'pino';

/** What the access token says about the caller. */
export interface Caller {
  userId: string;
  userName: string;
  role: string;
  roleId: number;
  roleType: number;
  permissions: string[];
  institutionId: number | null;
  /** The refresh-token family (one sign-in) this access token was issued for. */
  sessionId: string;
  /** Must change the password someone else set: the token opens only ChangePassword. */
  passwordChangeRequired?: boolean;
  /** users.session_version when the token was issued; an older one than the user's is refused (decision 084). */
  sessionVersion?: number;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The server's logger; requestLog(c) gives the request's own. */
    rootLog: Logger;
    /** Made by requestLog(c) on first use. */
    log?: Logger;
    caller: Caller | null;
    ip: string;
    /** A bearer token was presented but its time is up. */
    tokenExpired?: boolean;
    /** A bearer token was presented but what it says stopped being true (decision 084). */
    tokenRevoked?: boolean;
    /** A repeat-safe read everyone shares: its envelope carries validators (decision 055). */
    sharedRead?: boolean;
    /**
     * Headers every answer to this request carries (the security headers; sendJson adds the
     * request id), set by app.ts; sendJson writes them with the envelope's own (decision 065).
     */
    baseHeaders?: Record<string, string>;
    /** c.header() was called: sendJson merges with those headers through c.body() (app.ts, decision 065). */
    headerSet?: boolean;
    /** The audited change this request made (set by bind once its audit row is written). */
    audited?: { module: string; action: string };
  };
}

/**
 * The request's logger (its lines carry the request id), made on first use: most requests write
 * only the one line the app writes for every request, and a child logger per request was a cost
 * each of them paid (docs/decisions/062).
 */
export function requestLog(c: Context<AppEnv>): Logger {
  let log = c.get('log');
  if (!log) {
    log = c.get('rootLog').child({ requestId: c.get('requestId') });
    c.set('log', log);
  }
  return log;
}
