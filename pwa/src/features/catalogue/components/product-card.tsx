import { useEffect, useRef, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { perUnitSuffix, toleranceLabel } from '../../../lib/i18n/sale-unit';
import { usePicture } from '../../../lib/picture';

/**
 * How the card's picture loads: `first` at once with high priority (the first row, where the
 * page's largest paint is), `lazy` as it comes near the viewport, `held` not yet (the first row's
 * pictures go first; the box keeps its size meanwhile). A held picture is rendered inside
 * `<noscript>`, so a prerendered page shows it with scripts off and the app does not fetch it early.
 */
export type PictureLoading = 'first' | 'lazy' | 'held';

/** At this many counted units or fewer, the card says how many are left. */
const FEW_LEFT = 5;

/**
 * Cards after the first row skip style, layout and paint while off screen (content-visibility),
 * keeping a card's usual height meanwhile: a page of 36 cards lays out only what is in view, on
 * the first paint and whenever the stylesheet or the language changes (Lighthouse TBT).
 */
const OFFSCREEN =
  '[content-visibility:auto] [contain-intrinsic-size:auto_16rem] sm:[contain-intrinsic-size:auto_28rem]';

type ProductCardProps = {
  product: Product;
  picture?: PictureLoading;
  onPictureDone?: (image: string) => void;
  action?: ReactNode;
};

/**
 * One product: picture in a box of fixed proportions (no layout shift; wider than tall on phones,
 * where two cards share a row), name, price in Tk per sale unit ("30 Tk / 250 g", with a weighed
 * unit's "± 50 g" under it), and an action (add to cart) kept at the
 * card's foot so a row's actions line up. Out of stock, the picture is dimmed and a badge says so;
 * with {@link FEW_LEFT} or fewer units counted, a badge says "Only {n} left".
 * `onPictureDone` is called with the picture's URL once it has loaded or failed (possibly again
 * later: it must not mind).
 */
export function ProductCard({ product, picture = 'lazy', onPictureDone, action }: ProductCardProps) {
  // A row mirrored before products had `inStock` has none: it was on sale.
  const outOfStock = product.inStock === false;
  // Counted stock running low (DESIGN.md §4); a row mirrored before products had `stock` has none.
  const fewLeft =
    !outOfStock && typeof product.stock === 'number' && product.stock <= FEW_LEFT ? product.stock : undefined;
  const t = useT();
  const name = productName(product, useLocale());
  const tolerance = toleranceLabel(product.weightTolerance);
  const image = useRef<HTMLImageElement>(null);
  const src = usePicture(product.image);
  // A prerendered picture can be in (or have failed) before hydration, when React heard no load
  // or error event: `complete` says so, and the grid then lets the other pictures load at once.
  useEffect(() => {
    if (image.current?.complete) onPictureDone?.(product.image);
  }, [onPictureDone, product.image]);
  const img = (
    <img
      ref={image}
      src={src}
      alt={name}
      width={256}
      height={256}
      loading={picture === 'first' ? 'eager' : 'lazy'}
      fetchPriority={picture === 'first' ? 'high' : undefined}
      decoding="async"
      onLoad={() => onPictureDone?.(product.image)}
      onError={() => onPictureDone?.(product.image)}
      className={`h-full w-full object-contain drop-shadow-md ${outOfStock ? 'opacity-50 grayscale' : ''}`}
    />
  );
  return (
    <article
      className={`card bg-base-100 shadow-sm ring-1 ring-base-300 transition hover:shadow-md ${picture === 'first' ? '' : OFFSCREEN}`}
      data-testid="product-card"
    >
      <figure className="relative aspect-[4/3] bg-base-200 p-2 sm:aspect-square sm:p-8">
        {outOfStock && (
          <span
            className="badge badge-neutral badge-sm absolute top-2 left-2 sm:badge-md sm:top-3 sm:left-3"
            data-testid="out-of-stock"
          >
            {t('product.outOfStock')}
          </span>
        )}
        {fewLeft !== undefined && (
          <span
            className="badge badge-warning badge-sm absolute top-2 left-2 z-10 sm:badge-md sm:top-3 sm:left-3"
            data-testid="few-left"
          >
            {t('product.onlyLeft', { n: formatNumber(fewLeft) })}
          </span>
        )}
        {/* A held picture waits for the app; with scripts off the browser parses the <noscript> and
            loads it lazily, as it comes near the view. With scripts on the browser leaves it unparsed. */}
        {picture === 'held' ? <noscript>{img}</noscript> : img}
      </figure>
      <div className="card-body gap-1 p-3 sm:p-4">
        <h2 className="card-title line-clamp-2 text-sm leading-snug sm:text-base">{name}</h2>
        <p className="font-semibold text-primary sm:text-lg" data-testid="product-price">
          {formatPrice(product.price)}{' '}
          <span className="text-sm font-normal whitespace-nowrap text-base-content/70">{perUnitSuffix(product)}</span>
        </p>
        {tolerance && (
          <p className="text-xs text-base-content/70" data-testid="weight-tolerance">
            {tolerance}
          </p>
        )}
        {action && <div className="card-actions mt-auto pt-1 sm:pt-2">{action}</div>}
      </div>
    </article>
  );
}
