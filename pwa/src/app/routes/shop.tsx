import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { renderAddToCart } from '../../features/cart/components/add-to-cart-button';
import { useProducts } from '../../features/catalogue/api/get-products';
import { filterProducts, readFilters } from '../../features/catalogue/catalogue-filters';
import { FIRST_SCREEN_CARDS, ProductGrid } from '../../features/catalogue/components/product-grid';
import { ShowMoreProducts } from '../../features/catalogue/components/show-more-products';
import { ShopFilters } from '../../features/catalogue/components/shop-filters';
import { useT } from '../../lib/i18n/i18n';

/** `/Shop`: ALL PRODUCTS (spec §2) with search and filters in the URL. */
export default function ShopRoute() {
  const t = useT();
  const { data: products, isPending, isError } = useProducts();
  const [params] = useSearchParams();
  const shown = products ? filterProducts(products, readFilters(params)) : [];
  return (
    <section className="mx-auto max-w-6xl px-4 py-4 sm:py-10">
      <h1 className="mb-4 text-center text-2xl font-bold tracking-wide sm:mb-8 sm:text-3xl">{t('shop.heading')}</h1>
      <ShopFilters />
      {isPending && <Spinner label={t('shop.loading')} />}
      {isError && !products && <p className="alert alert-warning">{t('shop.failed')}</p>}
      {products && shown.length === 0 && (
        <p className="py-12 text-center text-lg">
          {t('shop.none')}{' '}
          <Link className="link link-primary" to={paths.shop}>
            {t('shop.showAll')}
          </Link>
        </p>
      )}
      <ShowMoreProducts products={shown} first={FIRST_SCREEN_CARDS}>
        {(visible) => <ProductGrid products={visible} renderAction={renderAddToCart} atTop />}
      </ShowMoreProducts>
    </section>
  );
}
