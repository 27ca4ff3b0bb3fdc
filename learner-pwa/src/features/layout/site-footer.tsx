import { Link } from '@rivet/shared/ui/link';
import { ThemeSwitch } from '@rivet/shared/ui/theme-switch';
import { paths } from '../../paths';

const SUPPORT_EMAIL = 'support@rivet.ng';

export function SiteFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p>© {new Date().getFullYear()} Rivet. All rights reserved.</p>
        <ul className="footer__links">
          <li>
            <Link href="https://x.com/rivet_ng" target="_blank" rel="noopener noreferrer" variant="plain">
              X (Twitter)
            </Link>
          </li>
          <li>
            <Link href="https://www.linkedin.com/company/rivet-ng" target="_blank" rel="noopener noreferrer" variant="plain">
              LinkedIn
            </Link>
          </li>
          <li>
            <Link href={`mailto:${SUPPORT_EMAIL}`} variant="plain">
              {SUPPORT_EMAIL}
            </Link>
          </li>
          <li>
            <Link href={paths.terms} variant="plain">
              Terms of use
            </Link>
          </li>
          <li>
            <Link href={paths.privacy} variant="plain">
              Privacy notice
            </Link>
          </li>
        </ul>
        {/* Every page's footer, signed in or not: a visitor on a public page can choose too (decision 091). */}
        <ThemeSwitch />
      </div>
    </footer>
  );
}
