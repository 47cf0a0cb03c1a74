import { useState } from 'react';

/**
 * Where a keyset-paged list stands: the cursors of the pages before the current one, so "previous"
 * goes back without asking the server for an offset. A change of filters starts from the first page.
 */
export interface KeysetState {
  /** The cursor of each page shown so far; the last one is the current page's (null: the first page). */
  cursors: (string | null)[];
}

export const firstPage = (): KeysetState => ({ cursors: [null] });

export const currentCursor = (state: KeysetState): string | null => state.cursors[state.cursors.length - 1] ?? null;

export const nextPage = (state: KeysetState, nextCursor: string | null | undefined): KeysetState =>
  nextCursor ? { cursors: [...state.cursors, nextCursor] } : state;

export const previousPage = (state: KeysetState): KeysetState => (state.cursors.length > 1 ? { cursors: state.cursors.slice(0, -1) } : state);

/** The paging of one list, reset whenever `resetKey` (the filters, serialised) changes. */
export function useKeyset(resetKey: string) {
  const [state, setState] = useState<{ key: string; pages: KeysetState }>({ key: resetKey, pages: firstPage() });
  const pages = state.key === resetKey ? state.pages : firstPage();
  return {
    cursor: currentCursor(pages),
    pageIndex: pages.cursors.length - 1,
    hasPrevious: pages.cursors.length > 1,
    next: (cursor: string | null | undefined) => setState({ key: resetKey, pages: nextPage(pages, cursor) }),
    previous: () => setState({ key: resetKey, pages: previousPage(pages) }),
    reset: () => setState({ key: resetKey, pages: firstPage() }),
  };
}
