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
}

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    caller: Caller | null;
    ip: string;
    /** A bearer token was presented but its time is up. */
    tokenExpired?: boolean;
    /** The audited change this request made (set by bind once its audit row is written). */
    audited?: { module: string; action: string };
  };
}
