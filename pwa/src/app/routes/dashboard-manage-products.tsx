import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { ManageProducts } from '../../features/admin/components/manage-products';
import { useProducts } from '../../features/catalogue/api/get-products';
import { useT } from '../../lib/i18n/i18n';

/** `/dashboard/manage-products` (admins): every product, each with its update and delete actions. */
export default function ManageProductsRoute() {
  const t = useT();
  const { data: products, isPending } = useProducts();
  if (isPending) return <Spinner label={t('shop.loading')} />;
  return <ManageProducts products={products ?? []} updatePath={paths.dashboard.updateProduct.getHref} />;
}
