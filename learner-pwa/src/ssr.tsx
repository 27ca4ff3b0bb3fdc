// The server's rendering of a public learner page's first screen (docs/decisions/070). A phone on
// slow data otherwise sees nothing until the entry chunk, the route chunk and the page's data
// have arrived one after another and React has rendered; with this, the HTML already holds the
// page (as a signed-out visitor sees it) and the answers it was drawn from, and React hydrates it.
//
// Built by `vite build --ssr` into dist/learner-ssr and run by the server (server/src/http/ssr.ts).
// The server passes a `fetch` that answers API calls in-process, so the page's own query functions
// and API client run here unchanged.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@rivet/shared/client/query-client';
import { createSessionManager, type SessionManager } from '@rivet/shared/client/session';
import { AppProviders } from './app/providers';
import { LearnerRoutes } from './app/routes';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query answers the markup was drawn from, for the client's query cache before it hydrates. */
  state: DehydratedState;
  /** Queries that failed; their screens show an error or a retry in `html`. */
  failed: number;
  /** What components threw while rendering; their parts of `html` are left for the browser to render. */
  errors: unknown[];
}

export interface RenderOptions {
  /** Answers the page's API calls (`http://rivet.internal/api/…`: only the path and query count). */
  fetch: typeof fetch;
  /** Renders to discover queries, fetch them, and render again; a query found late (one that waits on another) needs a third. */
  maxPasses?: number;
}

function App({ url, manager, queryClient }: { url: string; manager: SessionManager; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders manager={manager} queryClient={queryClient} toaster={null}>
        <StaticRouter location={url}>
          <LearnerRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

async function renderOnce(element: React.ReactElement, errors: unknown[]): Promise<string> {
  // prerender waits for every lazy screen chunk (the route's, the sign-in panel's) before it answers.
  // A component that throws leaves its part to the browser; the caller sends no page then.
  const { prelude } = await prerenderToNodeStream(element, {
    // Every part inline and complete: the Content-Security-Policy allows no inline script that would reveal a part sent later.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  });
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Renders `url` (path and query) as a signed-out visitor sees it. useQuery does not fetch while
 * rendering on a server, so each pass's render leaves the queries it asked for in the cache; they
 * are fetched, and the page rendered again with their answers. Queries that fail stay out of the
 * state: the client asks for them again, as it would without this.
 */
export async function renderPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  // No storage: nobody is signed in. Any origin does: `fetch` answers by path.
  const manager = createSessionManager({ app: 'learner', storage: undefined, fetch: options.fetch, baseUrl: 'http://rivet.internal' });
  const queryClient = createQueryClient();
  const tried = new Set<string>();
  const element = <App url={url} manager={manager} queryClient={queryClient} />;
  const errors: unknown[] = [];
  let html = await renderOnce(element, errors);
  for (let pass = 1; pass < (options.maxPasses ?? 3); pass++) {
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash) && (query.options as { enabled?: unknown }).enabled !== false);
    if (!wanted.length) break;
    for (const query of wanted) tried.add(query.queryHash);
    await Promise.allSettled(wanted.map((query) => query.fetch()));
    errors.length = 0;
    html = await renderOnce(element, errors);
  }
  const failedQueries = queryClient.getQueryCache().getAll().filter((query) => query.state.status === 'error');
  return { html, state: dehydrate(queryClient), failed: failedQueries.length, errors };
}
