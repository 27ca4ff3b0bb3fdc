import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../paths';
import type { SignInState } from '../sign-in-state';
import { useSession } from '@rivet/shared/client/session-context';

/** Signed-out visitors go to the sign-in panel, carrying where they wanted to go. */
export function RequireSignIn() {
  const { profile } = useSession();
  const location = useLocation();
  if (!profile) return <Navigate to={paths.home} replace state={{ from: location.pathname + location.search, reason: 'page' } satisfies SignInState} />;
  return <Outlet />;
}

/** Spec: /login redirects home, where the sign-in panel is; the carried route survives. */
export function LoginRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: paths.home, hash: 'sign-in' }} replace state={location.state as unknown} />;
}
