// Run-time configuration the server injects into index.html as window.__RIVET_CONFIG__.
declare global {
  interface Window {
    __RIVET_CONFIG__?: { externalLoginUrl?: string | null; instructorSignupUrl?: string | null };
  }
}

export type ExternalProvider = 'Google' | 'LinkedIn';

/**
 * Where the two social sign-in links go, or null when no external login is configured (the
 * screens then hide the block). The external service comes back to `/?data=…`.
 */
export function externalLoginLinks(): { provider: ExternalProvider; href: string }[] | null {
  const base = typeof window === 'undefined' ? null : window.__RIVET_CONFIG__?.externalLoginUrl;
  if (!base) return null;
  const providers: ExternalProvider[] = ['Google', 'LinkedIn'];
  try {
    return providers.map((provider) => {
      const url = new URL(base, window.location.origin);
      url.searchParams.set('provider', provider);
      url.searchParams.set('returnUrl', `${window.location.origin}/`);
      return { provider, href: url.toString() };
    });
  } catch {
    return null;
  }
}
