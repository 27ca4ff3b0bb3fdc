import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import '@rivet/shared/ui/tokens.css';
import '@rivet/shared/ui/base.css';
import { startTheme } from '@rivet/shared/ui/theme-switch';
import { AppProviders } from './app/providers';
import { LearnerRoutes } from './app/routes';
import { learnerSession, refreshAtStart } from './app/session';
import { startSyncWhenSignedIn } from './app/start-sync';
import { createQueryClient } from '@rivet/shared/client/query-client';

startTheme();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const manager = learnerSession();
const queryClient = createQueryClient();
void refreshAtStart(manager, location);

const app = (
  <StrictMode>
    <AppProviders manager={manager} queryClient={queryClient}>
      <BrowserRouter>
        <LearnerRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

/** The answers the server drew this page's HTML from, when it rendered the page (docs/decisions/070). */
function serverAnswers(): DehydratedState | null {
  const script = document.getElementById('rivet-ssr');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

// Both are transitions: React renders (or hydrates) them in slices that yield to the browser, so a
// slow phone's first taps are not blocked by one long task (docs/decisions/066).
const answers = serverAnswers();
if (answers && root.firstElementChild && !manager.store.get(manager.sessionAtom).profile) {
  // The server drew the page as a signed-out visitor sees it: hydrate it with the same answers.
  // They came with this page, so they are as live as the page (the 'as last seen' notices count
  // only data from before the page loaded as saved data).
  const loadedAt = performance.timeOrigin || Date.now();
  for (const query of answers.queries) query.state.dataUpdatedAt = loadedAt;
  hydrate(queryClient, answers);
  startTransition(() => {
    hydrateRoot(root, app, {
      // A screen whose first render differs from the server's is drawn again by the browser
      // (React recovers); say so plainly, it is a bug to fix (the e2e story fails on it).
      onRecoverableError: (error) => console.error('The page the server drew differs from the app’s:', error),
    });
  });
} else {
  // No page in the HTML (the service worker's app shell, a signed-in page), or a signed-in learner,
  // whose header and screens differ from the signed-out page the server drew: render afresh.
  startTransition(() => {
    createRoot(root).render(app);
  });
}

startSyncWhenSignedIn(manager, queryClient);
