// The home route puts two features together: the landing page hosts the sign-in panel.
// The panel (form library, validation) is its own chunk, fetched in parallel with this one by
// the route's lazy(), so the hero paints without waiting for it.
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/landing/landing-page';

export const loadSignInPanel = () => import('../features/auth/sign-in-panel');
const SignInPanel = lazy(async () => ({ default: (await loadSignInPanel()).SignInPanel }));

export function HomeRoute() {
  return (
    <LandingPage
      signInPanel={
        <Suspense fallback={<div className="sign-in-placeholder" aria-busy="true" aria-label="Loading sign-in" />}>
          <SignInPanel />
        </Suspense>
      }
    />
  );
}
