import { useDeferredValue, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { ProductCard } from './product-card';

/** The first rows of pictures load eagerly: they are the page's largest paint. */
const EAGER_CARDS = 6;

/**
 * Products in a responsive grid: 2 compact columns on phones from 360 px (1 below), 3 on tablets
 * and desktops (spec §2). The first EAGER_CARDS cards render at once; the rest follow in a
 * deferred render, which React splits into short slices, so a full catalogue arriving does not
 * block the page in one long task (bench figure 2, Lighthouse TBT).
 */
export function ProductGrid({ products, renderAction }: { products: readonly Product[]; renderAction?: (product: Product) => ReactNode }) {
  const deferredCount = useDeferredValue(products.length, 0);
  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 sm:gap-6" data-testid="product-grid">
      {products.slice(0, Math.max(EAGER_CARDS, deferredCount)).map((product, index) => (
        <ProductCard key={product._id} product={product} eager={index < EAGER_CARDS} action={renderAction?.(product)} />
      ))}
    </div>
  );
}
