import type { ReactNode } from 'react';
import type { Product } from '../../../../../edge-api/src/contract/catalogue';
import { ProductCard } from './product-card';

/** The first row or two of pictures load eagerly: they are the page's largest paint. */
const EAGER_CARDS = 6;

/** Products in a responsive grid: 1 column on phones, 2 on tablets, 3 on desktops (spec §2). */
export function ProductGrid({ products, renderAction }: { products: readonly Product[]; renderAction?: (product: Product) => ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <ProductCard key={product._id} product={product} eager={index < EAGER_CARDS} action={renderAction?.(product)} />
      ))}
    </div>
  );
}
