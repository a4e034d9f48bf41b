import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';

/**
 * An Embla carousel that autoplays every `delayMs` (spec §9: 2000 ms), started once the page is
 * idle: Embla measures every slide when it starts, which forces a layout — done while the page
 * is still loading, that was the home page's longest task (bench/README.md, Lighthouse TBT).
 * Until then the slides simply show, the first one in place. Returns the viewport ref.
 */
export function useCarousel(options: { align?: 'start' | 'center' } = {}, delayMs = 2000) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a timer after the first paint does the same there.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setActive(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setActive(true), { timeout: delayMs });
    return () => cancelIdleCallback(id);
  }, [delayMs]);
  const [viewport] = useEmblaCarousel({ loop: true, ...options, active }, [Autoplay({ delay: delayMs, stopOnInteraction: false })]);
  return viewport;
}
