// The home route puts two features together: the landing page hosts the sign-in panel.
// The panel (form library, validation) is its own chunk, fetched in parallel with this one by
// the route's lazy(), so the hero paints without waiting for it.
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/landing/landing-page';
import { useHydrating } from '../hooks/use-hydrating';

export const loadSignInPanel = () => import('../features/auth/sign-in-panel');
const SignInPanel = lazy(async () => ({ default: (await loadSignInPanel()).SignInPanel }));

export function HomeRoute() {
  const placeholder = <div className="sign-in-placeholder" aria-busy="true" aria-label="Loading sign-in" />;
  // Never in the server's HTML (docs/decisions/070): a form pressed before the app has taken the
  // page over would be submitted by the browser itself, the password in the address.
  const hydrating = useHydrating();
  return <LandingPage signInPanel={hydrating ? placeholder : <Suspense fallback={placeholder}><SignInPanel /></Suspense>} />;
}
