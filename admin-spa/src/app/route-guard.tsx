// Everything behind sign-in passes through here (spec 6, route guard).
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { hasAnyPermission } from '@rivet/shared/domain/permissions';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../paths';

/** What a route may declare in its `handle`: the user needs any one of these permissions. */
export interface RouteAccess {
  permissions?: readonly string[];
}

function requiredPermissions(matches: ReturnType<typeof useMatches>): string[] {
  return matches.flatMap((m) => (m.handle as RouteAccess | undefined)?.permissions ?? []);
}

export function RequireSession() {
  const { profile } = useSession();
  const location = useLocation();
  const matches = useMatches();

  if (!profile) return <ToLogin from={location.pathname + location.search} />;
  if (profile.isFirstLogin) return <Navigate to={paths.changePassword} replace />;
  if (!hasAnyPermission(profile.permissions, ...requiredPermissions(matches))) {
    return <Navigate to={paths.dashboard} replace />;
  }
  return <Outlet />;
}

function ToLogin({ from }: { from: string }) {
  const manager = useSessionManager();
  const navigate = useNavigate();
  useEffect(() => {
    // Kept so the same user lands back here after signing in again (e.g. after a time-out).
    manager.saveLocation(from);
    void navigate(paths.login, { replace: true });
  }, [manager, navigate, from]);
  return null;
}

/** '/' is redirect-only. */
export function RootRedirect() {
  const { profile } = useSession();
  if (!profile) return <Navigate to={paths.login} replace />;
  return <Navigate to={profile.isFirstLogin ? paths.changePassword : paths.dashboard} replace />;
}
