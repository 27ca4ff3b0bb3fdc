import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@rivet/shared/ui/spinner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

/** Header, page and footer. Video pages will use a layout without the footer (spec). */
export function SiteLayout() {
  return (
    <div className="site">
      <a className="site__skip" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site__main" tabIndex={-1}>
        {/* The header and footer stay while a screen's chunk loads. */}
        <Suspense
          fallback={
            <div className="site__pending">
              <Spinner size="lg" label="Loading" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
