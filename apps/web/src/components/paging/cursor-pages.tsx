import type { ReactNode } from 'react';
import { LoadMore } from './LoadMore';

/**
 * The page settings of a list read by the server's cursor (an infinite query): the first page has
 * none, each next page is asked for with the last one's `nextCursor`, and there is none after a
 * page without one. `{ ...cursorPaging, queryKey, queryFn: ({ pageParam }) => … }`.
 */
export const cursorPaging = {
  initialPageParam: '',
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

/** The cursor to send with a page's call: none for the first page. */
export const cursorParam = (pageParam: string): { cursor?: string } => (pageParam ? { cursor: pageParam } : {});

export interface CursorPages<T> {
  data?: { pages: { list: T[] }[] };
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A list read page after page as a table shows it: every row read so far, loading while its first
 * pages are asked for, and the one 加载更多 / Load more (docs/decisions/0061) while the server has more.
 */
export function loadedRows<T>(list: CursorPages<T>): { rows: T[]; loading: boolean; more: ReactNode } {
  return {
    rows: list.data?.pages.flatMap((page) => page.list) ?? [],
    loading: list.isFetching && !list.isFetchingNextPage,
    more: list.hasNextPage ? <LoadMore onMore={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} /> : null,
  };
}
