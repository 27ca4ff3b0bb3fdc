import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@rivet/shared/ui/spinner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

/** Header, page and footer; video pages (the player) go without the footer (spec). */
export function SiteLayout({ footer = true }: { footer?: boolean }) {
  return (
    <div className="site">
      <a className="site__skip" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      {/* The header stays while a screen's chunk loads; the footer waits for the screen, so it
          does not jump down the page when the screen arrives (layout shift). */}
      <Suspense
        fallback={
          <main id="main" className="site__main site__pending" tabIndex={-1}>
            <Spinner size="lg" label="Loading" />
          </main>
        }
      >
        <main id="main" className="site__main" tabIndex={-1}>
          <Outlet />
        </main>
        {footer ? <SiteFooter /> : null}
      </Suspense>
    </div>
  );
}
