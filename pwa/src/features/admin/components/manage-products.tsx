import { Link } from 'react-router-dom';
import type { Product } from '@contract/catalogue';
import { ScrollRegion } from '../../../components/scroll-region';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { unitPrice } from '../../../lib/i18n/sale-unit';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useDeleteProduct } from '../api/admin';
import { OfflineNote } from './offline-note';
import { StockCounter } from './stock-counter';
import { StockToggle } from './stock-toggle';

/**
 * Manage Products (spec §2): ID, Product, Image, Price (per sale unit), Update/Delete; the Product
 * cell also has the Bangla name, the in-stock switch and the units in stock (−/+). The buttons are
 * named with the name in the language shown.
 */
export function ManageProducts({
  products,
  updatePath,
}: {
  products: readonly Product[];
  updatePath: (id: string) => string;
}) {
  const locale = useLocale(); // renders again in the language chosen
  const online = useOnline();
  const remove = useDeleteProduct();
  const onDelete = (product: Product) => {
    if (!window.confirm(t('product.confirmDelete'))) return;
    remove.mutate(product._id, {
      onSuccess: () => notify('product', 'error', t('product.deleted')),
      onError: (error) => notify('product', 'error', apiErrorText(error, t('auth.error.other'))),
    });
  };
  return (
    <section>
      <h1 id="manage-products-heading" className="mb-6 text-2xl font-bold">
        {t('dashboard.manageProducts')}
      </h1>
      <OfflineNote online={online} />
      <ScrollRegion labelledBy="manage-products-heading">
        <table className="table">
          <thead className="text-base-content">
            <tr>
              <th>{t('product.id')}</th>
              <th>{t('product.product')}</th>
              <th>{t('product.image')}</th>
              <th>{t('product.price')}</th>
              <th>{t('product.updateDelete')}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p._id} data-testid="product-row">
                <td className="max-w-24 truncate font-mono text-xs" title={p._id}>
                  {p._id.slice(0, 8)}
                </td>
                <td>
                  <p>{p.name}</p>
                  {p.nameBn && (
                    <p lang="bn" className="text-sm text-base-content/70">
                      {p.nameBn}
                    </p>
                  )}
                  <StockToggle product={p} disabled={!online} />
                  <StockCounter product={p} disabled={!online} />
                </td>
                <td>
                  <img
                    src={p.image}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 object-contain"
                    loading="lazy"
                  />
                </td>
                <td className="whitespace-nowrap">{unitPrice(p.price, p)}</td>
                <td>
                  <div className="flex gap-2">
                    <Link
                      to={updatePath(p._id)}
                      className={`btn btn-sm min-h-11 ${online ? '' : 'btn-disabled'}`}
                      aria-disabled={!online}
                      aria-label={t('product.updateName', { name: productName(p, locale) })}
                    >
                      {t('product.update')}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-error btn-sm min-h-11"
                      disabled={!online}
                      onClick={() => onDelete(p)}
                      aria-label={t('product.deleteName', { name: productName(p, locale) })}
                    >
                      {t('product.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
