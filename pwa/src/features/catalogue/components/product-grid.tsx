import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Product } from '@contract/catalogue';
import { isHydrating } from '../../../lib/hydration';
import { whenSettled } from '../../../lib/idle';
import { ProductCard, type PictureLoading } from './product-card';

/**
 * The first screen of a grid at the top of a page: 3 rows of 2 on a phone, 2 of 3 wider; also the
 * cards shown while saving data until more are asked for (full rows in either layout).
 */
export const FIRST_SCREEN_CARDS = 6;
/**
 * The first row at its widest (3 columns; on a phone it takes the second row's first card too):
 * the only pictures loaded at once. The same on the server and in the browser, whatever the
 * viewport, so a prerendered page hydrates without a mismatch.
 */
const FIRST_ROW_CARDS = 3;

/**
 * How the `index`th card's picture loads: the first row at once with high priority — which of
 * them is the largest paint depends on the pictures (on a 412 px phone Lighthouse names the
 * third, Tomato) — the rest of the first screen lazily, those below once the first row is in.
 */
function pictureLoading(index: number, atTop: boolean, mayLoad: boolean): PictureLoading {
  if (!atTop) return 'lazy';
  if (index < FIRST_ROW_CARDS) return 'first';
  return mayLoad || index < FIRST_SCREEN_CARDS ? 'lazy' : 'held';
}

/*
 * Whether the cards' pictures below the first screen may load yet: once the first row's pictures
 * are in (loaded or failed) and painted, or at the latest once the page has settled. Before that they
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

type CellProps = {
  product: Product;
  picture: PictureLoading;
  renderAction?: (product: Product) => ReactNode;
  onPictureDone?: (image: string) => void;
};

/**
 * One card of the grid, rendered again only when its own props change: a refetched catalogue
 * keeps the objects of the products that did not change (TanStack Query's structural sharing), so
 * a refresh or a parent's render after hydration redraws only what changed, not all 50 cards
 * (Lighthouse TBT). `renderAction` must be a stable function for that.
 */
const GridCell = memo(function GridCell({ product, picture, renderAction, onPictureDone }: CellProps) {
  return (
    <ProductCard product={product} picture={picture} onPictureDone={onPictureDone} action={renderAction?.(product)} />
  );
});

/**
 * Products in a responsive grid: 2 compact columns on phones from 360 px (1 below), 3 on tablets
 * and desktops (spec §2). At the top of a page (`atTop`, the shop), the first row's pictures
 * (FIRST_ROW_CARDS) load at once with high priority (the page's LCP picture is among them); the
 * rest of the first screen's load lazily, and those below it wait for the first row; below the fold
 * (the home page's new arrivals) every picture loads lazily. The first cards render at once; the
 * rest follow in a deferred render, which React splits into short slices, so a full catalogue
 * arriving does not block the page in one long task (bench figure 2, Lighthouse TBT). `renderAction`
 * (the card's action) should be defined once, outside the caller's render, so unchanged cards
 * are not rendered again.
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
  const firstRow = atTop ? FIRST_ROW_CARDS : 0;
  const pictures = useRef(new Set<string>());
  useEffect(() => (atTop ? whenSettled(letOthersLoad) : undefined), [atTop]);
  // A first-row picture is in: once all of them are and the next frame is painted, the others may load.
  const pictureDone = useCallback(
    (image: string) => {
      pictures.current.add(image);
      if (products.slice(0, firstRow).every((product) => pictures.current.has(product.image)))
        requestAnimationFrame(() => setTimeout(letOthersLoad));
    },
    [products, firstRow],
  );
  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 sm:gap-6" data-testid="product-grid">
      {products.slice(0, Math.max(FIRST_SCREEN_CARDS, deferredCount)).map((product, index) => (
        <GridCell
          key={product._id}
          product={product}
          picture={pictureLoading(index, atTop, mayLoad)}
          onPictureDone={index < firstRow ? pictureDone : undefined}
          renderAction={renderAction}
        />
      ))}
    </div>
  );
}
