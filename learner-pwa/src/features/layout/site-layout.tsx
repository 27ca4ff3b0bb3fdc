import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { afterFirstScreen, markFirstScreenDrawn } from '../../offline/first-screen';
import { startPwa, useInstallGuideOpen } from '../../offline/pwa';
import { NetworkStatus } from './network-status';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { UpdatePrompt } from './update-prompt';
import './layout.css';
import './pwa.css';

const InstallGuide = lazy(async () => ({ default: (await import('./install-guide')).InstallGuide }));

/**
 * Marks the page as the app's (`<html data-app-ready>`) once its screen is rendered or, on a page
 * the server drew, hydrated: it sits in the screen's Suspense boundary, which hydrates as a whole
 * once the screen's chunk is in. Before that, a press on the server's page does nothing
 * (docs/decisions/070); end-to-end stories wait for it before pressing.
 */
function MarkPageReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    markFirstScreenDrawn();
  }, []);
  return null;
}

/**
 * Header, page and footer; video pages (the player) go without the footer (spec). `notice` is the
 * in-app notification strip, put under the header by the route table.
 */
export function SiteLayout({ footer = true, notice }: { footer?: boolean; notice?: ReactNode }) {
  const queryClient = useQueryClient();
  const guideOpen = useInstallGuideOpen();
  useEffect(() => {
    // The service worker (which downloads the whole app for offline use) once the first screen is
    // in; the saved catalogue after the first render, as it puts back what a failing query lacks.
    void afterFirstScreen(queryClient).then(startPwa);
    void import('../../offline/catalogue-persistence').then(({ startCataloguePersistence }) => startCataloguePersistence(queryClient));
  }, [queryClient]);

  return (
    <div className="site">
      <a className="rv-skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      {notice}
      <NetworkStatus />
      {/* The header stays while a screen's chunk loads; the footer waits for the screen, so it
          does not jump down the page when the screen arrives (layout shift). */}
      <Suspense
        fallback={
          <main id="main" className="site__main" tabIndex={-1}>
            <ScreenState kind="loading" page />
          </main>
        }
      >
        <main id="main" className="site__main" tabIndex={-1}>
          <Outlet />
        </main>
        {footer ? <SiteFooter /> : null}
        <MarkPageReady />
      </Suspense>
      <UpdatePrompt />
      {guideOpen ? (
        <Suspense fallback={null}>
          <InstallGuide isOpen />
        </Suspense>
      ) : null}
    </div>
  );
}
