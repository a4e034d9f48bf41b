import { Suspense, type ReactNode } from 'react';
import { useInView } from 'react-intersection-observer';

/**
 * Renders `children` (typically a `lazy` component) only once this spot comes within `margin`
 * of the viewport, so below-the-fold sections do not weigh on a page's first load
 * (bench/README.md). `minHeight` (CSS length) reserves the space meanwhile, so nothing jumps.
 */
export function WhenNearView({ children, minHeight, margin = '600px' }: { children: ReactNode; minHeight: string; margin?: string }) {
  const { ref, inView } = useInView({ rootMargin: margin, triggerOnce: true });
  return (
    <div ref={ref} style={{ minHeight }}>
      {inView && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
