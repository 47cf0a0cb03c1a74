import type { Notice } from '@field-portal/shared';

type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();

/**
 * Listens to the notices the real-time channel delivers to the signed-in user (their own
 * destination and /topic/notice). Returns the function that stops listening.
 */
export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a received notice to every listener; the channel calls this for each MESSAGE frame. */
export function dispatchNotice(notice: Notice): void {
  for (const listener of [...listeners]) listener(notice);
}
