import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '../lib/idle';

/**
 * Renders `children` (typically a `lazy` component) only once this spot comes within `margin`
 * of the viewport (IntersectionObserver), so below-the-fold sections do not weigh on a page's
 * first load (bench/README.md); it starts watching at the first idle moment after it mounts. `minHeight` (CSS length) reserves the space meanwhile, so
 * nothing jumps. Without IntersectionObserver the children render at once; the build's prerender
 * (DESIGN.md §13) renders the reserved space, as the browser's hydrating render does.
 */
export function WhenNearView({
  children,
  minHeight,
  margin = '600px',
}: {
  children: ReactNode;
  minHeight: string;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => !import.meta.env.SSR && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          // In a transition: React renders the section in slices of a few ms, not one long task.
          startTransition(() => setNear(true));
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    // Watched from the first idle moment after hydration, not during it: a section that starts
    // near the fold then loads its code after the first screen's, not alongside it (bench figure 1).
    const cancel = whenIdle(() => observer.observe(element));
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [near, margin]);
  return (
    <div ref={ref} style={{ minHeight }}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
