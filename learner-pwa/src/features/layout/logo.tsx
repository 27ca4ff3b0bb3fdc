import { Link } from '@rivet/shared/ui/link';
import { paths } from '../../paths';

export function Logo() {
  return (
    <Link href={paths.home} variant="plain" className="logo" aria-label="Rivet home">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
        <path d="M10 23V9h7a4.5 4.5 0 0 1 1.2 8.8L22 23h-3.6l-3.4-5H13.3v5z M13.3 15h3.5a1.6 1.6 0 0 0 0-3.2h-3.5z" fill="var(--color-on-brand)" />
        <circle cx="24" cy="9" r="2.5" fill="var(--color-accent)" />
      </svg>
      <span className="logo__word">Rivet</span>
    </Link>
  );
}
