import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A part of a long page rendered when it comes within a screen's height of the viewport, so a
 * lazy component in `children` (a table under a form) downloads then rather than with the page
 * (docs/decisions/0031). Until then an empty block of `minHeight` keeps its place.
 */
export function LoadWhenReached({ children, minHeight = 120 }: { children: ReactNode; minHeight?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [reached, setReached] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (reached || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReached(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [reached]);
  if (!reached) return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
  return (
    <Suspense
      fallback={
        <div role="status" style={{ minHeight, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <span className="fp-spinner" aria-hidden="true" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
