import { useEffect, useMemo, useState } from 'react';
import { whenSettled } from './idle';

/** What a carousel's buttons call. */
export type CarouselControls = { next: () => void; previous: () => void };

const atEnd = (node: HTMLElement) => node.scrollLeft + node.clientWidth >= node.scrollWidth - 2;
const behavior = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
/** One slide's width: the slides are the children of the scroller's one child (the track). */
const slideWidth = (node: HTMLElement) =>
  node.firstElementChild?.firstElementChild?.getBoundingClientRect().width || node.clientWidth;

function step(node: HTMLElement, direction: 1 | -1): void {
  if (direction === 1 && atEnd(node)) node.scrollTo({ left: 0, behavior: behavior() });
  else if (direction === -1 && node.scrollLeft <= 1) node.scrollTo({ left: node.scrollWidth, behavior: behavior() });
  else node.scrollBy({ left: direction * slideWidth(node), behavior: behavior() });
}

/**
 * A carousel on CSS scroll snapping: the browser slides, swipes and snaps (the scroller given to
 * the returned ref has `overflow-x: auto` and `snap-x snap-mandatory`, its slides `snap-start`);
 * this hook only moves it a slide at a time, back to the first after the last. With
 * `autoplayMs` it does so on every tick (spec §9: 2000 ms for the banner and the vegetables; the
 * testimonials do not play), from the moment the page has settled, pausing while the pointer or
 * the focus is on the carousel and not at all for shoppers who prefer reduced motion. (It was
 * Embla, ~8 KiB gzip of the home page's first load: bench/README.md.)
 * Returns `[ref, controls]`.
 */
export function useCarousel(autoplayMs?: number): [(node: HTMLElement | null) => void, CarouselControls] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!node || !autoplayMs || matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const cancel = whenSettled(() => {
      timer = setInterval(() => {
        if (!node.matches(':hover, :focus-within')) step(node, 1);
      }, autoplayMs);
    });
    return () => {
      cancel();
      clearInterval(timer);
    };
  }, [node, autoplayMs]);
  const controls = useMemo(
    () => ({ next: () => node && step(node, 1), previous: () => node && step(node, -1) }),
    [node],
  );
  return [setNode, controls];
}
