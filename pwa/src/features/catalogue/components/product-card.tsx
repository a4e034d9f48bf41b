import type { ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { formatTk } from '../../../lib/format';

type ProductCardProps = { product: Product; eager?: boolean; action?: ReactNode };

/**
 * One product: picture in a fixed square (no layout shift), name, price per kg in Tk, and an
 * action (add to cart). Out of stock, the picture is dimmed and a badge says so.
 */
export function ProductCard({ product, eager = false, action }: ProductCardProps) {
  // A row mirrored before products had `inStock` has none: it was on sale.
  const outOfStock = product.inStock === false;
  return (
    <article className="card bg-base-100 shadow-sm ring-1 ring-base-300 transition hover:shadow-md" data-testid="product-card">
      <figure className="relative aspect-square bg-base-200 p-8">
        {outOfStock && (
          <span className="badge badge-neutral absolute top-3 left-3" data-testid="out-of-stock">
            Out of stock
          </span>
        )}
        <img
          src={product.image}
          alt={product.name}
          width={256}
          height={256}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={`h-full w-full object-contain drop-shadow-md ${outOfStock ? 'opacity-50 grayscale' : ''}`}
        />
      </figure>
      <div className="card-body gap-1 p-4">
        <h2 className="card-title text-base leading-snug">{product.name}</h2>
        <p className="text-lg font-semibold text-primary">
          {formatTk(product.price)} Tk <span className="text-sm font-normal text-base-content/70">/ kg</span>
        </p>
        {action && <div className="card-actions mt-2">{action}</div>}
      </div>
    </article>
  );
}
