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

/**
 * The one sign-out cache policy of both apps: cached server data belongs to the user who fetched
 * it, so when the session ends (or another user signs in) every query goes, except those whose
 * key starts with one of `publicRoots` — data that is the same for every visitor, such as the
 * learner's catalogue, which is kept so a shared phone need not download it again.
 */
export function forgetUserQueries(client: QueryClient, publicRoots: readonly string[] = []): void {
  if (!publicRoots.length) {
    client.clear();
    return;
  }
  client.removeQueries({ predicate: (query) => !(typeof query.queryKey[0] === 'string' && publicRoots.includes(query.queryKey[0])) });
  client.getMutationCache().clear();
}
