import { startTransition, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { isHydrating } from '../../../lib/hydration';
import { whenSettled } from '../../../lib/idle';
import { ProductCard } from './product-card';

/** The first screen of a grid at the top of a page: 3 rows of 2 on a phone, 2 of 3 wider. */
const FIRST_SCREEN_CARDS = 6;

/*
 * Whether the other cards' pictures may load yet: once the first screen's pictures are in
 * (loaded or failed) and painted, or at the latest once the page has settled. Before that they
 * would take a slow phone's bandwidth and its six connections to the server from the pictures on
 * screen, the page's largest paint (bench figure 2). Once a page: later grids load theirs at once.
 */
let othersMayLoad = false;
const listeners = new Set<() => void>();
function letOthersLoad(): void {
  if (othersMayLoad) return;
  othersMayLoad = true;
  listeners.forEach((listener) => listener());
}

/** Whether the other cards' pictures may load; the grid renders them in a transition (short slices, no long task). */
function useOthersMayLoad(): boolean {
  const [mayLoad, setMayLoad] = useState(othersMayLoad);
  useEffect(() => {
    if (mayLoad) return;
    const update = () => startTransition(() => setMayLoad(true));
    if (othersMayLoad) update();
    listeners.add(update);
    return () => void listeners.delete(update);
  }, [mayLoad]);
  return mayLoad;
}

/**
 * Products in a responsive grid: 2 compact columns on phones from 360 px (1 below), 3 on tablets
 * and desktops (spec §2). At the top of a page (`atTop`, the shop), the first FIRST_SCREEN_CARDS
 * cards' pictures load at once with high priority and the others' wait for them; below the fold
 * (the home page's new arrivals) every picture loads lazily. The first cards render at once; the
 * rest follow in a deferred render, which React splits into short slices, so a full catalogue
 * arriving does not block the page in one long task (bench figure 2, Lighthouse TBT).
 */
export function ProductGrid({
  products,
  renderAction,
  atTop = false,
}: {
  products: readonly Product[];
  renderAction?: (product: Product) => ReactNode;
  atTop?: boolean;
}) {
  // A prerendered page has every card in its HTML: its hydration starts with all of them too.
  const [initialCount] = useState(() => (isHydrating() ? Number.POSITIVE_INFINITY : 0));
  const deferredCount = useDeferredValue(products.length, Math.min(initialCount, products.length));
  const mayLoad = useOthersMayLoad();
  const firstScreen = atTop ? FIRST_SCREEN_CARDS : 0;
  const pictures = useRef(new Set<string>());
  useEffect(() => (atTop ? whenSettled(letOthersLoad) : undefined), [atTop]);
  // A first-screen picture is in: once all of them are and the next frame is painted, the others may load.
  const pictureDone = (image: string) => {
    pictures.current.add(image);
    if (products.slice(0, firstScreen).every((product) => pictures.current.has(product.image)))
      requestAnimationFrame(() => setTimeout(letOthersLoad));
  };
  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 sm:gap-6" data-testid="product-grid">
      {products.slice(0, Math.max(FIRST_SCREEN_CARDS, deferredCount)).map((product, index) => (
        <ProductCard
          key={product._id}
          product={product}
          picture={index < firstScreen ? 'first' : atTop && !mayLoad ? 'held' : 'lazy'}
          onPictureDone={index < firstScreen ? () => pictureDone(product.image) : undefined}
          action={renderAction?.(product)}
        />
      ))}
    </div>
  );
}
