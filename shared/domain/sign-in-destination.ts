// Where a user lands after signing in (spec: states and transitions, sign-in and session).

export interface SignInContext {
  userId: string;
  isFirstLogin: boolean;
  /** The route the user was sent from (e.g. an enrol button), if any. */
  carried?: string | null;
  /** The location saved when the last session ended, and whose session it was. */
  saved?: { path: string | null; userId: string | null };
}

export const LEARNER_HOME = '/';
export const LEARNER_FALLBACK = '/course/discovery';

export function learnerDestination({ userId, isFirstLogin, carried, saved }: SignInContext): string {
  const carriedOk = carried && !carried.startsWith('/register') && carried !== '/login' ? carried : null;
  if (isFirstLogin) {
    return saved?.path ?? carriedOk ?? LEARNER_FALLBACK;
  }
  if (saved?.path) {
    if (saved.path === LEARNER_HOME) return LEARNER_HOME;
    if (saved.userId && saved.userId === userId) return saved.path;
  }
  return carriedOk ?? LEARNER_FALLBACK;
}

export const ADMIN_HOME = '/dashboard';
export const ADMIN_CHANGE_PASSWORD = '/change-password';

export function adminDestination({ userId, isFirstLogin, saved }: SignInContext): string {
  if (isFirstLogin) return ADMIN_CHANGE_PASSWORD;
  const path = saved?.path;
  if (path && saved?.userId === userId && !path.startsWith('/login') && !path.startsWith(ADMIN_CHANGE_PASSWORD)) return path;
  return ADMIN_HOME;
}
