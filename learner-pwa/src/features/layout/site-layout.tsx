import { Outlet } from 'react-router';
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
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
