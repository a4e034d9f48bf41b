import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useAddProduct } from '../api/admin';
import { NotAllowed, OfflineNote } from './offline-note';
import { ProductForm } from './product-form';

/** Add A Product (spec §2): success toasts 'New Product Added To Shop' and clears the form. */
export function AddProduct({ isAdmin }: { isAdmin: boolean }) {
  const online = useOnline();
  const add = useAddProduct();
  return (
    <section>
      <h1 className="mb-6 text-center text-2xl font-bold">Add A Product</h1>
      {!isAdmin ? (
        <NotAllowed />
      ) : (
        <>
          <OfflineNote online={online} />
          <ProductForm
            submitLabel="Add Product"
            disabled={!online}
            clearOnSuccess
            onSubmit={(product) =>
              add.mutateAsync(product).then(
                () => (notify('product', 'success', 'New Product Added To Shop'), true),
                (error: Error) => (notify('product', 'error', error.message), false),
              )
            }
          />
        </>
      )}
    </section>
  );
}
