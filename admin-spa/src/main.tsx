import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import '@rivet/shared/ui/tokens.css';
import '@rivet/shared/ui/base.css';
import { startTheme } from '@rivet/shared/ui/theme-switch';
import { recordPageView } from '@rivet/shared/client/page-views';
import { AppProviders } from './app/providers';
import { adminRoutes } from './app/routes';
import { adminSession } from './app/session';

// Vite's base is '/admin/'; the router wants it without the trailing slash.
const router = createBrowserRouter(adminRoutes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });

startTheme();
// One page view per route change, as its pattern (decision 092).
const countView = () => recordPageView('admin', router.state.matches.map((m) => m.route.path), router.state.location.pathname);
countView();
router.subscribe(countView);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders manager={adminSession()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
