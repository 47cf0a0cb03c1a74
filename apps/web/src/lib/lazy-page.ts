import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen whose code loads on first use, and which can be asked for ahead: the start-up guard asks
 * for the opened page's code as soon as the menus say which screen it is, instead of after the
 * layout's first render (docs/decisions/0055).
 */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    // A failed download is tried again on the next use, as React's own lazy would.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
