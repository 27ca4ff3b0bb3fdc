import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import '@rivet/shared/ui/tokens.css';
import '@rivet/shared/ui/base.css';
import { AppProviders } from './app/providers';
import { learnerRoutes } from './app/routes';
import { learnerSession } from './app/session';

const router = createBrowserRouter(learnerRoutes);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders manager={learnerSession()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
