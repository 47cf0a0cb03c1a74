import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { MenuEntry } from '@field-portal/shared';

/**
 * A screen whose code loads on first use, and which can be asked for ahead: the start-up guard asks
 * for the opened page's code as soon as the menus say which screen it is, instead of after the
 * layout's first render (docs/decisions/0055). A screen may also name its first data: the call its
 * first render makes, asked for at the same moment, so the rows arrive while the layout is drawn.
 */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<unknown>;
  /** Puts the screen's first data into the query cache, under the key its first render asks for. */
  preloadData: (client: QueryClient, menuList: readonly MenuEntry[]) => Promise<unknown>;
};

/**
 * How long data asked for ahead stays fresh: a query a screen names as its first data keeps this
 * `staleTime`, so its first render takes the rows fetched ahead instead of asking again (with
 * React Query's default of 0 every mount asks again). A change the user makes invalidates it at once.
 */
export const FIRST_DATA_FRESH_MS = 15_000;

export interface LazyPageOptions {
  /**
   * The screen's first call, as a prefetch into `client` (loaded with its own code, not the entry's);
   * `menuList` is the session's, for a screen whose call names what its menu entry holds.
   */
  firstData?: (client: QueryClient, menuList: readonly MenuEntry[]) => Promise<unknown>;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>, options: LazyPageOptions = {}): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    // A failed download is tried again on the next use, as React's own lazy would.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const preloadData = (client: QueryClient, menuList: readonly MenuEntry[]) => options.firstData?.(client, menuList) ?? Promise.resolve();
  return Object.assign(lazy(once), { preload: once, preloadData });
}
