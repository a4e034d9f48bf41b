import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { useProducts } from '../../features/catalogue/api/get-products';
import { filterProducts, readFilters } from '../../features/catalogue/catalogue-filters';
import { ProductGrid } from '../../features/catalogue/components/product-grid';
import { ShopFilters } from '../../features/catalogue/components/shop-filters';

/** `/Shop`: ALL PRODUCTS (spec §2) with search and filters in the URL. */
export default function ShopRoute() {
  const { data: products, isPending, isError } = useProducts();
  const [params] = useSearchParams();
  const shown = products ? filterProducts(products, readFilters(params)) : [];
  return (
    <section className="mx-auto max-w-6xl px-4 py-4 sm:py-10">
      <h1 className="mb-4 text-center text-2xl font-bold tracking-wide sm:mb-8 sm:text-3xl">ALL PRODUCTS</h1>
      <ShopFilters />
      {isPending && <Spinner label="Loading products" />}
      {isError && !products && <p className="alert alert-warning">The products could not be loaded. Check your connection and try again.</p>}
      {products && shown.length === 0 && (
        <p className="py-12 text-center text-lg">
          No products match.{' '}
          <Link className="link link-primary" to={paths.shop}>
            Show all products
          </Link>
        </p>
      )}
      <ProductGrid products={shown} renderAction={(product) => <AddToCartButton product={product} />} />
    </section>
  );
}
