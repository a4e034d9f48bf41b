import type { Product } from '@contract/catalogue';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { notify } from '../../../lib/toast';
import { useUpdateProduct } from '../api/admin';

/**
 * One tap marks a product in or out of stock (`PUT /api/products/update/:id {inStock}`): a daisyUI
 * toggle in a 44 px tall label. It shows the new state while the change is on its way; the shop's
 * catalogue is refreshed once it is saved, and an error is toasted.
 */
export function StockToggle({ product, disabled }: { product: Product; disabled: boolean }) {
  const t = useT();
  const locale = useLocale();
  const update = useUpdateProduct();
  const inStock = update.isPending ? update.variables.edit.inStock !== false : product.inStock;
  const onChange = () =>
    update.mutate(
      { id: product._id, edit: { inStock: !product.inStock } },
      { onError: (error) => notify('product', 'error', apiErrorText(error, t('auth.error.other'))) },
    );
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        className="toggle toggle-success"
        checked={inStock}
        // At counted stock 0 the product is out whatever the switch (DESIGN.md §4): the count decides.
        disabled={disabled || update.isPending || product.stock === 0}
        onChange={onChange}
        aria-label={t('product.inStockName', { name: productName(product, locale) })}
      />
      <span className="text-sm">{inStock ? t('product.inStock') : t('product.outOfStock')}</span>
    </label>
  );
}
