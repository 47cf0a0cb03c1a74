import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The top bar's search box (spec 001 section 2.7): a page that has a search registers itself here;
 * the box in the top bar pushes what the user types to that page, throttled to once per
 * SIDEBAR_SEARCH_THROTTLE_MS. Only the page's current value and its callbacks live here; the page
 * keeps its own state.
 */
export interface PageSearchTarget {
  /** Which page (its router name): the box starts again from this page's value when it changes. */
  key: string;
  placeholder: string;
  /** The page's current search text (a chip cleared on the page clears the box too). */
  value: string;
  /** A message when the text cannot be searched (e.g. too many conditions); nothing is pushed then. */
  check?: (value: string) => string | undefined;
  onSearch: (value: string) => void;
}

type Listener = () => void;
let target: PageSearchTarget | null = null;
const listeners = new Set<Listener>();

export const pageSearchStore = {
  get: (): PageSearchTarget | null => target,
  set(next: PageSearchTarget | null) {
    target = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The page registered now, for the top bar. */
export function usePageSearchTarget(): PageSearchTarget | null {
  return useSyncExternalStore(pageSearchStore.subscribe, pageSearchStore.get);
}

/** A page with a search: registers while mounted; the latest callbacks are always the ones called. */
export function usePageSearch(options: PageSearchTarget): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { key, placeholder, value } = options;
  useEffect(() => {
    const registered: PageSearchTarget = {
      key,
      placeholder,
      value,
      check: (text) => latest.current.check?.(text),
      onSearch: (text) => latest.current.onSearch(text),
    };
    pageSearchStore.set(registered);
    return () => {
      if (pageSearchStore.get() === registered) pageSearchStore.set(null);
    };
  }, [key, placeholder, value]);
}

export interface Throttled<T> {
  /** Hands a value over: at once if the interval has passed since the last call, else at its end (latest value wins). */
  push(value: T): void;
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Leading and trailing throttle: at most one call per `intervalMs`, and the last value always arrives. */
export function throttle<T>(deliver: (value: T) => void, intervalMs: number, clock: Clock = realClock): Throttled<T> {
  let last = -Infinity;
  let timer: unknown = null;
  let pending: { value: T } | null = null;
  const fire = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = clock.now();
    deliver(value);
  };
  return {
    push(value) {
      pending = { value };
      const wait = last + intervalMs - clock.now();
      if (wait <= 0 && timer === null) fire();
      else if (timer === null) timer = clock.setTimeout(fire, Math.max(0, wait));
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
