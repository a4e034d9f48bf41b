import type { Product } from '@contract/catalogue';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useUpdateProduct } from '../api/admin';
import { NotAllowed, OfflineNote } from './offline-note';
import { ProductForm } from './product-form';

/** Update a product: the form prefilled, a confirm, then the edited fields are sent. */
export function UpdateProduct({
  isAdmin,
  product,
  onDone,
}: {
  isAdmin: boolean;
  product: Product | undefined;
  onDone: () => void;
}) {
  const locale = useLocale(); // renders again in the language chosen
  const online = useOnline();
  const update = useUpdateProduct();
  if (!isAdmin) return <NotAllowed />;
  if (!product) return <p className="alert alert-warning">{t('product.gone')}</p>;
  return (
    <section>
      <h1 className="mb-6 text-center text-2xl font-bold">
        {t('product.updateName', { name: productName(product, locale) })}
      </h1>
      <OfflineNote online={online} />
      <ProductForm
        defaultValues={{
          name: product.name,
          nameBn: product.nameBn ?? '',
          price: String(product.price),
          image: product.image,
          category: product.category,
          unit: product.unit,
          unitSize: String(product.unitSize),
          weightTolerance: product.weightTolerance === null ? '' : String(product.weightTolerance),
          // At stock 0 `inStock` is false whatever the switch: the form shows it on, so a recount sells again.
          inStock: product.inStock || product.stock === 0,
          stock: product.stock ?? null,
        }}
        submitLabel={t('product.updateProduct')}
        disabled={!online}
        onSubmit={async (edit) => {
          if (!window.confirm(t('product.confirmUpdate'))) return false;
          return update.mutateAsync({ id: product._id, edit }).then(
            () => (notify('product', 'success', t('product.updated')), onDone(), true),
            (error: Error) => (notify('product', 'error', apiErrorText(error, t('auth.error.other'))), false),
          );
        }}
      />
    </section>
  );
}
