import type { Product } from '@contract/catalogue';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useUpdateProduct } from '../api/admin';
import { NotAllowed, OfflineNote } from './offline-note';
import { ProductForm } from './product-form';

/** Update a product: the form prefilled, a confirm, then the edited fields are sent. */
export function UpdateProduct({ isAdmin, product, onDone }: { isAdmin: boolean; product: Product | undefined; onDone: () => void }) {
  const online = useOnline();
  const update = useUpdateProduct();
  if (!isAdmin) return <NotAllowed />;
  if (!product) return <p className="alert alert-warning">This product no longer exists.</p>;
  return (
    <section>
      <h1 className="mb-6 text-center text-2xl font-bold">Update {product.name}</h1>
      <OfflineNote online={online} />
      <ProductForm
        defaultValues={{ name: product.name, nameBn: product.nameBn ?? '', price: String(product.price), image: product.image, category: product.category, inStock: product.inStock }}
        submitLabel="Update Product"
        disabled={!online}
        onSubmit={async (edit) => {
          if (!window.confirm('Are you want to update this product')) return false;
          return update.mutateAsync({ id: product._id, edit }).then(
            () => (notify('product', 'success', 'Product updated'), onDone(), true),
            (error: Error) => (notify('product', 'error', error.message), false),
          );
        }}
      />
    </section>
  );
}
