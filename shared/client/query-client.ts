import { QueryClient } from '@tanstack/react-query';

/**
 * Server state for both apps. Retries are not repeated here: the API client already retries a
 * failed query once (never on 400/401/403/404/405), and a second layer would quadruple the
 * attempts on a bad connection that the learner pays for.
 */
export function createQueryClient(options: { staleTimeMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: options.staleTimeMs ?? 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
