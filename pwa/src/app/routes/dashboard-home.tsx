import { paths } from '../../config/paths';
import { ProductCountStat } from '../../features/admin/components/product-count-stat';
import { useAuth } from '../../features/auth/auth-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { LatestOrder } from '../../features/orders/components/latest-order';
import { PendingOrdersStat } from '../../features/orders/components/pending-orders-stat';
import { useT } from '../../lib/i18n/i18n';

/** `/dashboard` (spec §2): admins see the pending orders (live) and products; customers their latest order. */
export default function DashboardHomeRoute() {
  const t = useT();
  const { admin, user } = useAuth();
  const { data: products } = useProducts();
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">{t('dashboard.home')}</h1>
      {admin ? (
        <div className="stats stats-vertical shadow sm:stats-horizontal">
          <PendingOrdersStat href={paths.dashboard.manageOrders} />
          <ProductCountStat count={products?.length} href={paths.dashboard.manageProducts} />
        </div>
      ) : (
        <LatestOrder email={user.account} ordersHref={paths.dashboard.myOrders} shopHref={paths.shop} />
      )}
    </section>
  );
}
