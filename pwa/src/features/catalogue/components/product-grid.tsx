import { useDeferredValue, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { ProductCard } from './product-card';

/** The first row or two of pictures load eagerly: they are the page's largest paint. */
const EAGER_CARDS = 6;

/**
 * Products in a responsive grid: 1 column on phones, 2 on tablets, 3 on desktops (spec §2).
 * The first EAGER_CARDS cards render at once; the rest follow in a deferred render, which React
 * splits into short slices, so a full catalogue arriving does not block the page in one long
 * task (bench figure 2, Lighthouse TBT).
 */
export function ProductGrid({ products, renderAction }: { products: readonly Product[]; renderAction?: (product: Product) => ReactNode }) {
  const deferredCount = useDeferredValue(products.length, 0);
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.slice(0, Math.max(EAGER_CARDS, deferredCount)).map((product, index) => (
        <ProductCard key={product._id} product={product} eager={index < EAGER_CARDS} action={renderAction?.(product)} />
      ))}
    </div>
  );
}
