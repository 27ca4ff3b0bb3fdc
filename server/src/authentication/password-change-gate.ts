// Staff who must change the password someone else set (first sign-in) hold a token marked for
// that alone (docs/decisions/014). It opens ChangePassword; refresh and sign-out work through the
// cookie without it; every other protected endpoint refuses it with 403, and public endpoints
// treat its bearer as anonymous. Checked on the server, since the console's guard is only a screen.
// A path this misreads is treated as anonymous: the worst outcome is a 401, never access.
import { endpointUrl, type Endpoint } from '@rivet/shared/api/contract';
import { changePassword } from '@rivet/shared/api/authentication';

export type PasswordChangeVerdict = 'allow' | 'anonymous' | 'refuse';

const routeOf = (e: Endpoint) => ({
  method: e.method,
  // {param} matches one path segment, as the router does.
  pattern: new RegExp(`^${endpointUrl(e).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
});

export function createPasswordChangeGate(endpoints: readonly Endpoint[]) {
  const allowed = routeOf(changePassword);
  const guarded = endpoints.filter((e) => e.access.kind !== 'public' && e !== changePassword).map(routeOf);
  const matches = (route: ReturnType<typeof routeOf>, method: string, path: string) => route.method === method && route.pattern.test(path);
  return (method: string, path: string): PasswordChangeVerdict => {
    if (matches(allowed, method, path)) return 'allow';
    return guarded.some((route) => matches(route, method, path)) ? 'refuse' : 'anonymous';
  };
}
