// What the router shows between and around screens.
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { RouterBridge } from '@rivet/shared/ui/router-bridge';
import { ScreenState } from '@rivet/shared/ui/screen-state';

export function AppRoot() {
  return (
    <RouterBridge>
      <Outlet />
    </RouterBridge>
  );
}

export function RoutePending() {
  return <ScreenState kind="loading" page />;
}

export function RouteError() {
  const error = useRouteError();
  // A chunk that fails to load usually means a new version was deployed while the tab was open.
  const detail = isRouteErrorResponse(error) ? error.statusText : 'The page could not be loaded. Reloading usually fixes this.';
  return <ScreenState kind="error" page title="Something went wrong" text={detail} retryLabel="Reload" onRetry={() => window.location.reload()} />;
}
