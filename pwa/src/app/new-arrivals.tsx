import { Link } from 'react-router-dom';
import type { Product } from '@contract/catalogue';
import { renderAddToCart } from '../features/cart/components/add-to-cart-button';
import { ProductGrid } from '../features/catalogue/components/product-grid';
import { paths } from '../config/paths';
import { useT } from '../lib/i18n/i18n';

/** How many of the newest products the home page shows. */
const NEW_ARRIVALS = 8;

/**
 * The home page's New Arrivals (spec §1): the first {@link NEW_ARRIVALS} of `products` (the
 * catalogue, in its order) with Add to Cart, and "See all" to the shop. It composes the catalogue
 * and the cart, so it lives in app/.
 */
export function NewArrivals({ products }: { products: readonly Product[] }) {
  const t = useT();
  return (
    <section className="mx-auto my-8 max-w-6xl px-4 sm:my-12" aria-labelledby="new-arrivals-heading">
      <div className="mb-4 flex items-baseline justify-between sm:mb-6">
        <h2 id="new-arrivals-heading" className="text-2xl font-bold">
          {t('home.newArrivals')}
        </h2>
        <Link to={paths.shop} className="link link-primary">
          {t('home.seeAll')}
        </Link>
      </div>
      <ProductGrid products={products.slice(0, NEW_ARRIVALS)} renderAction={renderAddToCart} />
    </section>
  );
}
