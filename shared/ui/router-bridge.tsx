import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** react-router resolves every href against the current route, which mangles external URLs. */
function useRouterHref(href: string): string {
  const routed = useHref(href);
  return ABSOLUTE.test(href) ? href : routed;
}

/**
 * Lets every react-aria link, menu item and ButtonLink navigate through react-router, so an app
 * path never reloads the page. Mount it inside the router (e.g. in the root layout route).
 */
export function RouterBridge({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useRouterHref}>
      {children}
    </RouterProvider>
  );
}
