import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { UpdateProduct } from '../../features/admin/components/update-product';
import { useAuth } from '../../features/auth/auth-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { useT } from '../../lib/i18n/i18n';

/**
 * `/dashboard/manage-products/update-product/:id`: the product's form (it checks the admin flag
 * itself, spec §6); back to Manage Products once saved.
 */
export default function UpdateProductRoute() {
  const { id } = useParams();
  const { admin } = useAuth();
  const { data: products, isPending } = useProducts();
  const navigate = useNavigate();
  const t = useT();
  if (isPending) return <Spinner label={t('dashboard.loadingProduct')} />;
  return (
    <UpdateProduct
      isAdmin={admin}
      product={products?.find((p) => p._id === id)}
      onDone={() => navigate(paths.dashboard.manageProducts)}
    />
  );
}
