import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@rivet/shared/ui/tokens.css';
import '@rivet/shared/ui/base.css';
import { AppProviders } from './app/providers';
import { LearnerRoutes } from './app/routes';
import { learnerSession } from './app/session';
import { startSyncWhenSignedIn } from './app/start-sync';
import { createQueryClient } from '@rivet/shared/client/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const manager = learnerSession();
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProviders manager={manager} queryClient={queryClient}>
      <BrowserRouter>
        <LearnerRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

startSyncWhenSignedIn(manager, queryClient);
