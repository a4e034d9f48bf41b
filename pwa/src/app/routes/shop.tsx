import { Spinner } from '../../components/spinner';
import { useProducts } from '../../features/catalogue/api/get-products';
import { ProductGrid } from '../../features/catalogue/components/product-grid';

/** `/Shop`: ALL PRODUCTS (spec §2). */
export default function ShopRoute() {
  const { data: products, isPending, isError } = useProducts();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-8 text-center text-3xl font-bold tracking-wide">ALL PRODUCTS</h1>
      {isPending && <Spinner label="Loading products" />}
      {isError && <p className="alert alert-warning">The products could not be loaded. Check your connection and try again.</p>}
      {products && <ProductGrid products={products} />}
    </section>
  );
}
