import { useLayoutEffect, type RefObject } from 'react';
import { SESSION } from '@field-portal/shared';

const positions = new Map<string, number>();

/**
 * Remembers the scroll position of each page and restores it on return (spec 001 section 2.1).
 * A page may still be loading its data, so the restore keeps trying for the route mount wait.
 */
export function useScrollMemory(ref: RefObject<HTMLElement | null>, key: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const target = positions.get(key) ?? 0;
    el.scrollTop = target;
    let restoring = target > 0 && el.scrollTop !== target;
    let frame = 0;
    const started = performance.now();
    const retry = () => {
      el.scrollTop = target;
      restoring = el.scrollTop !== target && performance.now() - started < SESSION.routeMountWaitMs;
      if (restoring) frame = requestAnimationFrame(retry);
    };
    if (restoring) frame = requestAnimationFrame(retry);
    const onScroll = () => {
      if (!restoring) positions.set(key, el.scrollTop);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
    };
  }, [ref, key]);
}
