import { lazy, Suspense } from 'react';
import { paths } from '../../config/paths';
import { ProductCountStat } from '../../features/admin/components/product-count-stat';
import { useAuth } from '../../features/auth/auth-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { LatestOrder } from '../../features/orders/components/latest-order';
import { PendingOrdersStat } from '../../features/orders/components/pending-orders-stat';
import { useT } from '../../lib/i18n/i18n';

// The dawn board is an admin's alone: its own chunk, never a customer's download.
const DawnBoard = lazy(() => import('../../features/reports/components/dawn-board'));

/**
 * `/dashboard` (spec §2): admins see the pending orders (live) and products, then the dawn board
 * (DESIGN.md §12); customers their latest order.
 */
export default function DashboardHomeRoute() {
  const t = useT();
  const { admin, user } = useAuth();
  const { data: products } = useProducts();
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">{t('dashboard.home')}</h1>
      {admin ? (
        <>
          <div className="stats stats-vertical shadow sm:stats-horizontal">
            <PendingOrdersStat href={paths.dashboard.manageOrders} />
            <ProductCountStat count={products?.length} href={paths.dashboard.manageProducts} />
          </div>
          <Suspense fallback={<p className="mt-8">{t('reports.loading')}</p>}>
            <DawnBoard />
          </Suspense>
        </>
      ) : (
        <LatestOrder email={user.account} ordersHref={paths.dashboard.myOrders} shopHref={paths.shop} />
      )}
    </section>
  );
}
