// The session profile kept in web storage (decision 057): written with its version, read back
// only when it matches the session's contract, removed otherwise (the user signs in again).
import { describe, expect, it, vi } from 'vitest';
import { createSessionManager, readProfile } from './session';

const KEY = 'rivet.learner.session';

const profile = {
  userId: '6f1d3c2a-0000-4000-8000-000000000001',
  userName: 'learner@demo.ng',
  email: 'learner@demo.ng',
  firstName: 'Ada',
  lastName: 'Okafor',
  profilePix: null,
  role: 'STUDENT',
  roleId: 3,
  roleType: 3,
  permissions: [],
  isFirstLogin: false,
  studentProfileId: 4,
  staffProfileId: null,
  institutionId: null,
  institutionName: null,
  institutionCode: null,
  institutionLogo: null,
  refreshTokenExpiry: '2026-12-20T09:00:00.000Z',
};

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, val) => void map.set(k, val),
  };
}

describe('the saved session profile', () => {
  it('is written with its version and read back as the profile', () => {
    const storage = memoryStorage();
    const manager = createSessionManager({ app: 'learner', storage, fetch: vi.fn() });
    manager.signedIn({ ...profile, accessToken: 'secret-token', accessTokenExpiry: '2026-11-20T09:15:00.000Z' });
    const saved = JSON.parse(storage.getItem(KEY)!);
    expect(saved).toMatchObject({ v: 1, userId: profile.userId });
    expect(saved.accessToken).toBeUndefined();
    expect(readProfile(storage, 'learner')).toEqual(profile);
  });

  it('reads a profile saved before versions when it matches the contract', () => {
    expect(readProfile(memoryStorage({ [KEY]: JSON.stringify(profile) }), 'learner')).toEqual(profile);
  });

  it('drops and removes an old profile of another shape, a newer one, broken JSON and garbage', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { permissions: _gone, ...withoutPermissions } = profile;
    for (const value of [
      JSON.stringify(withoutPermissions),
      JSON.stringify({ ...profile, roleId: '3' }),
      JSON.stringify({ ...profile, v: 2 }),
      '{"userId":',
      'null',
      '"just text"',
    ]) {
      const storage = memoryStorage({ [KEY]: value });
      expect(readProfile(storage, 'learner')).toBeNull();
      expect(storage.getItem(KEY)).toBeNull();
    }
    // The app then starts signed out instead of crashing on a missing field.
    const manager = createSessionManager({ app: 'learner', storage: memoryStorage({ [KEY]: JSON.stringify(withoutPermissions) }), fetch: vi.fn() });
    expect(manager.store.get(manager.sessionAtom).profile).toBeNull();
    vi.restoreAllMocks();
  });
});
