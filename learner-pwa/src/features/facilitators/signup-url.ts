/**
 * The external instructor sign-up form (server config INSTRUCTOR_SIGNUP_URL, injected as
 * window.__RIVET_CONFIG__.instructorSignupUrl), or null when none is configured or it is not an
 * http(s) address. Read here, not in src/config.ts, so only this page's chunk carries it.
 */
export function instructorSignupUrl(): string | null {
  const value = typeof window === 'undefined' ? null : window.__RIVET_CONFIG__?.instructorSignupUrl;
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
