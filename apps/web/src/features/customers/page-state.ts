import { useCallback, useState } from 'react';

/**
 * Each list screen's filters, kept while the tab is closed and reopened in the same session (the
 * spec's page-specific stores): the tab bar unmounts pages, so the state lives here, per screen.
 */
const kept = new Map<string, unknown>();

export function usePageState<T>(screen: string, initial: () => T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(screen) ? (kept.get(screen) as T) : initial()));
  const set = useCallback(
    (next: T) => {
      kept.set(screen, next);
      setValue(next);
    },
    [screen],
  );
  return [value, set];
}
