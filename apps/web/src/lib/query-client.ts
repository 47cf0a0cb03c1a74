import { QueryClient } from '@tanstack/react-query';

/**
 * Page data lives here rather than in kept-alive pages: a tab switch re-mounts the page, which
 * shows the cached data at once and refreshes it in the background.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already told the user what went wrong; a silent retry would only repeat it.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Queries that need no sign-in and survive a change of user. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>(['tenant', 'loginType']);

/** Forgets everything of the previous user; called where no page of the session is mounted. */
export function forgetUserData(): void {
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
}
