// Everything behind sign-in passes through here (spec 6, route guard): signed out → sign-in,
// first login → Change Password, and an address whose screen rule (screen-access.ts) the user
// does not meet → the dashboard. It renders on every navigation, so a typed address and a followed
// link are judged alike, before the screen mounts or calls anything.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession, useSessionManager } from '@rivet/shared/client/session-context';
import { paths } from '../paths';
import { mayOpen } from '../screen-access';

export function RequireSession() {
  const { profile } = useSession();
  const location = useLocation();

  if (!profile) return <ToLogin from={location.pathname + location.search} />;
  if (profile.isFirstLogin) return <Navigate to={paths.changePassword} replace />;
  if (!mayOpen(profile, location.pathname + location.search)) return <Navigate to={paths.dashboard} replace />;
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
