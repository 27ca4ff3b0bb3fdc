// What the router shows around and between screens.
import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouterBridge } from '@rivet/shared/ui/router-bridge';
import { ScreenState } from '@rivet/shared/ui/screen-state';
import { AUTH_PATHS } from '../paths';
import { useSessionManager } from '@rivet/shared/client/session-context';

/** Spec: the last visited path is kept in session storage, so a sign-in can return there. */
function RememberLocation() {
  const manager = useSessionManager();
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Sign-in steps are not places to come back to; remembering '/' would send every sign-in home.
    if (!AUTH_PATHS.includes(pathname)) manager.saveLocation(pathname + search);
  }, [manager, pathname, search]);
  return null;
}

/** A new page starts at its top, unless the link points into it (#section). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // Not the page the app starts on: the browser placed it, and on a page the server drew the
    // learner may have scrolled before the app took it over (decision 070).
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function AppRoot() {
  const { pathname } = useLocation();
  return (
    <RouterBridge>
      <RememberLocation />
      <ScrollToTop />
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<RoutePending />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </RouterBridge>
  );
}

export function RoutePending() {
  return <ScreenState kind="loading" page />;
}

/** Catches a screen that fails to load or render; keyed by path, so navigating away recovers. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteError() {
  // A chunk that fails to load usually means a new version was deployed, or the phone went offline.
  return (
    <ScreenState
      kind="error"
      page
      title="Something went wrong"
      text="The page could not be loaded. Check your connection and try again."
      retryLabel="Reload"
      onRetry={() => window.location.reload()}
    />
  );
}
