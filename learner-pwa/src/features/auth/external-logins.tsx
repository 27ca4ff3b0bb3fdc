import { Link } from '@rivet/shared/ui/link';
import { externalLoginLinks, type ExternalProvider } from '../../config';
import { useHydrating } from '../../hooks/use-hydrating';

/** 'Or sign in with' / 'Or Sign Up With' links; nothing at all when external login is not configured. */
export function ExternalLogins({ title }: { title: string }) {
  // The links are built from the page's own address and the run-time config, which only the
  // browser has: a page the server draws (sign up) gets them once the app has taken it over. They
  // sit below the form, so nothing above them moves.
  const hydrating = useHydrating();
  const links = hydrating ? null : externalLoginLinks();
  if (!links) return null;
  return (
    <div className="external-logins">
      <p className="external-logins__title">{title}</p>
      <div className="external-logins__links">
        {links.map(({ provider, href }) => (
          <Link key={provider} href={href} variant="plain" className="external-logins__link">
            <ProviderIcon provider={provider} />
            {provider}
          </Link>
        ))}
      </div>
    </div>
  );
}

function ProviderIcon({ provider }: { provider: ExternalProvider }) {
  if (provider === 'LinkedIn') {
    return (
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <rect width="24" height="24" rx="4" fill="#0a66c2" />
        <path fill="#fff" d="M6.5 9.5h2.6V18H6.5zM7.8 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM10.8 9.5h2.5v1.2c.4-.7 1.3-1.4 2.7-1.4 2.8 0 3.3 1.8 3.3 4.2V18h-2.6v-4c0-1 0-2.2-1.4-2.2s-1.6 1-1.6 2.1V18h-2.6z" />
      </svg>
    );
  }
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285f4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
      <path fill="#34a853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#fbbc05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path fill="#ea4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
