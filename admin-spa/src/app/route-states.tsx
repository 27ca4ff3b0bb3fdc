// What the router shows between and around screens.
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { Spinner } from '@rivet/shared/ui/spinner';
import { Button } from '@rivet/shared/ui/button';
import { RouterBridge } from '@rivet/shared/ui/router-bridge';
import './route-states.css';

export function AppRoot() {
  return (
    <RouterBridge>
      <Outlet />
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
  // A chunk that fails to load usually means a new version was deployed while the tab was open.
  const detail = isRouteErrorResponse(error) ? error.statusText : 'The page could not be loaded. Reloading usually fixes this.';
  return (
    <div className="route-state" role="alert">
      <h1 className="route-state__title">Something went wrong</h1>
      <p className="route-state__detail">{detail}</p>
      <Button onPress={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
