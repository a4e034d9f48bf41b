import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useAddProduct } from '../api/admin';
import { NotAllowed, OfflineNote } from './offline-note';
import { ProductForm } from './product-form';

/** Add A Product (spec §2): success toasts 'New Product Added To Shop' and clears the form. */
export function AddProduct({ isAdmin }: { isAdmin: boolean }) {
  useLocale(); // renders again in the language chosen
  const online = useOnline();
  const add = useAddProduct();
  return (
    <section>
      <h1 className="mb-6 text-center text-2xl font-bold">{t('product.addTitle')}</h1>
      {!isAdmin ? (
        <NotAllowed />
      ) : (
        <>
          <OfflineNote online={online} />
          <ProductForm
            submitLabel={t('product.add')}
            disabled={!online}
            clearOnSuccess
            onSubmit={(product) =>
              add.mutateAsync(product).then(
                () => (notify('product', 'success', t('product.added')), true),
                (error: Error) => (notify('product', 'error', apiErrorText(error, t('auth.error.other'))), false),
              )
            }
          />
        </>
      )}
    </section>
  );
}
