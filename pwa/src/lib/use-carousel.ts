import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { whenSettled } from './idle';

/**
 * An Embla carousel on the element given to the returned ref, with autoplay every `autoplayMs`
 * when set (spec §9: 2000 ms for the banner and the vegetables; the testimonials do not play).
 * Embla is downloaded and started once the page has settled: it measures every slide when it starts,
 * which forces a layout — done while the page loads, that was the home page's longest task
 * (bench/README.md, Lighthouse TBT). Until then the slides simply show, the first one in place.
 * `options` must be a constant (a new object would restart the carousel on every render).
 * Returns `[ref, api]`; `api` (scrollPrev, scrollNext…) is undefined until the carousel runs.
 */
export function useCarousel(options: EmblaOptionsType, autoplayMs?: number): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!node) return undefined;
    let carousel: EmblaCarouselType | undefined;
    let unmounted = false;
    const cancel = whenSettled(() => {
      void Promise.all([import('embla-carousel'), autoplayMs ? import('embla-carousel-autoplay') : undefined]).then(([embla, autoplay]) => {
        if (unmounted) return;
        const plugins = autoplay ? [autoplay.default({ delay: autoplayMs, stopOnInteraction: false })] : [];
        carousel = embla.default(node, options, plugins);
        setApi(carousel);
      });
    });
    return () => {
      unmounted = true;
      cancel();
      carousel?.destroy();
      setApi(undefined);
    };
  }, [node, options, autoplayMs]);
  return [setNode, api];
}
