// The signed-in session as both front ends keep it. The access token lives in memory only; the
// profile part (names, role, permissions) is kept in web storage so the app can render signed-in
// after a restart, and the httpOnly refresh cookie brings a new access token on the first call.
import { atom, createStore } from 'jotai';
import * as v from 'valibot';
import { sessionSchema, type AppName, type Session } from '../api/authentication';
import { signOut as signOutEndpoint } from '../api/authentication';
import { createApiClient, type ApiClient } from './api-client';
import { readStored, sameShape, type StoredShape } from './stored-row';

export type SessionProfile = Omit<Session, 'accessToken' | 'accessTokenExpiry'>;

/**
 * The profile as web storage keeps it (decision 057): the session's contract without the token,
 * with the version of its shape. Version 0 is the bare profile earlier versions wrote.
 */
export const STORED_PROFILE: StoredShape<SessionProfile> = {
  version: 1,
  schema: v.omit(sessionSchema, ['accessToken', 'accessTokenExpiry']),
  migrate: { 0: sameShape },
};

export interface SessionState {
  profile: SessionProfile | null;
  accessToken: string | null;
  /** Set when a refresh was rejected; the sign-in screen shows 'Session timed out'. */
  timedOut: boolean;
}

const PROFILE_KEY = (app: AppName) => `rivet.${app}.session`;
const LAST_PATH_KEY = (app: AppName) => `rivet.${app}.lastPath`;
const TIMED_OUT_USER_KEY = (app: AppName) => `rivet.${app}.timedOutUser`;

/** The saved profile, if it is one this version can use; anything else is removed (the user signs in again). */
export function readProfile(storage: Storage | undefined, app: AppName): SessionProfile | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(PROFILE_KEY(app));
  } catch {
    return null; // storage blocked
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const profile = readStored('session profile', STORED_PROFILE, parsed);
  if (!profile) {
    try {
      storage?.removeItem(PROFILE_KEY(app));
    } catch {
      // Blocked storage: nothing to clean.
    }
  }
  return profile;
}

function profileOf(session: Session): SessionProfile {
  const { accessToken: _token, accessTokenExpiry: _expiry, ...profile } = session;
  return profile;
}

export interface SessionManager {
  app: AppName;
  store: ReturnType<typeof createStore>;
  sessionAtom: ReturnType<typeof atom<SessionState>>;
  api: ApiClient;
  signedIn(session: Session): void;
  signOut(): Promise<void>;
  updateProfile(patch: Partial<SessionProfile>): void;
  /** Where the user was last, kept per tab (spec: session storage). */
  saveLocation(path: string): void;
  savedLocation(): { path: string | null; userId: string | null };
  clearSavedLocation(): void;
}

export function createSessionManager(options: {
  app: AppName;
  /** Where the profile is kept: localStorage for the learner PWA (survives restarts), sessionStorage for staff. */
  storage?: Storage;
  baseUrl?: string;
  fetch?: typeof fetch;
  retryDelayMs?: number;
}): SessionManager {
  const { app, storage } = options;
  const tabStorage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  const store = createStore();
  const sessionAtom = atom<SessionState>({ profile: readProfile(storage, app), accessToken: null, timedOut: false });

  const write = (next: SessionState) => {
    store.set(sessionAtom, next);
    try {
      if (next.profile) storage?.setItem(PROFILE_KEY(app), JSON.stringify({ ...next.profile, v: STORED_PROFILE.version }));
      else storage?.removeItem(PROFILE_KEY(app));
    } catch {
      // Storage full or blocked: the session still works for this page's life.
    }
  };

  const signedIn = (session: Session) => {
    write({ profile: profileOf(session), accessToken: session.accessToken, timedOut: false });
  };

  const api = createApiClient({
    app,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retryDelayMs: options.retryDelayMs,
    getAccessToken: () => store.get(sessionAtom).accessToken,
    hasSession: () => store.get(sessionAtom).profile !== null,
    onSession: signedIn,
    onSessionExpired: () => {
      const userId = store.get(sessionAtom).profile?.userId;
      if (userId) tabStorage?.setItem(TIMED_OUT_USER_KEY(app), userId);
      write({ profile: null, accessToken: null, timedOut: true });
    },
  });

  return {
    app,
    store,
    sessionAtom,
    api,
    signedIn,
    async signOut() {
      try {
        await api.call(signOutEndpoint, { body: { app } });
      } catch {
        // Signing out must work offline too; the cookie then expires on its own.
      }
      tabStorage?.removeItem(LAST_PATH_KEY(app));
      write({ profile: null, accessToken: null, timedOut: false });
    },
    updateProfile(patch) {
      const current = store.get(sessionAtom);
      if (current.profile) write({ ...current, profile: { ...current.profile, ...patch } });
    },
    saveLocation(path) {
      tabStorage?.setItem(LAST_PATH_KEY(app), path);
    },
    savedLocation() {
      return {
        path: tabStorage?.getItem(LAST_PATH_KEY(app)) ?? null,
        userId: tabStorage?.getItem(TIMED_OUT_USER_KEY(app)) ?? null,
      };
    },
    clearSavedLocation() {
      tabStorage?.removeItem(LAST_PATH_KEY(app));
      tabStorage?.removeItem(TIMED_OUT_USER_KEY(app));
    },
  };
}
