import { infiniteQueryOptions } from '@tanstack/react-query';
import { FEED_LIMITS, FEED_PATHS, type FeedPage, type OpenCardResult } from '@field-portal/shared';
import { getCardData, postCardData } from '@/features/cards';

/** Everything the feed shows lives under this key; a notice of a new card refetches it. */
export const FEED_KEY = ['session', 'feed'] as const;

/** GET /API-XJP/employee/cards: one page; the first page carries the pinned cards. */
export function fetchFeedPage(cursor: string | undefined, limit: number = FEED_LIMITS.pageDefault): Promise<FeedPage> {
  return getCardData<FeedPage>(FEED_PATHS.cards, { params: cursor ? { cursor, limit } : { limit } });
}

export const feedQuery = infiniteQueryOptions({
  queryKey: [...FEED_KEY, 'pages'],
  queryFn: ({ pageParam }) => fetchFeedPage(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** POST /API-XJP/employee/openCard: records the first open time (once). */
export function openFeedCard(cardId: number): Promise<OpenCardResult> {
  return postCardData<OpenCardResult>(FEED_PATHS.openCard, { cardId });
}
