// What the router shows around and between screens.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button } from '@rivet/shared/ui/button';
import { RouterBridge } from '@rivet/shared/ui/router-bridge';
import { Spinner } from '@rivet/shared/ui/spinner';
import { Toaster } from '@rivet/shared/ui/toast';
import { AUTH_PATHS } from '../paths';
import { useSessionManager } from '../session/session-context';
import './route-states.css';

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

export function AppRoot() {
  return (
    <RouterBridge>
      <RememberLocation />
      <ScrollRestoration />
      <Outlet />
      <Toaster />
    </RouterBridge>
  );
}

export function RoutePending() {
  return (
    <div className="route-state">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

export function RouteError() {
  const error = useRouteError();
  // A chunk that fails to load usually means a new version was deployed, or the phone went offline.
  const detail = isRouteErrorResponse(error) ? error.statusText : 'The page could not be loaded. Check your connection and try again.';
  return (
    <div className="route-state" role="alert">
      <h1 className="route-state__title">Something went wrong</h1>
      <p className="route-state__text">{detail}</p>
      <Button onPress={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
