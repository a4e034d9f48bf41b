import { Outlet } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { useRoleCode } from '../../features/offline/worker';
import { PushPrompt } from '../../features/push/components/push-prompt';
import { useIsRider } from '../../features/rider/api/get-run';
import { useShopToday } from '../../features/rider/use-today';
import { useLocale, useT } from '../../lib/i18n/i18n';
import { ProductNamesProvider } from '../../lib/i18n/product-names';
import { RequireAuth } from '../guards';
import { DashboardNav } from '../layout/dashboard-nav';

/**
 * `/dashboard/*` (spec §2): a 240 px sidebar, permanent on wide screens and a toggled drawer on
 * small ones (daisyUI drawer), with the nested outlet; its links are the role's (layout/dashboard-nav.tsx).
 * In Bangla the screens get the catalogue, to name the products kept in orders by their Bangla names.
 */
export default function DashboardLayout() {
  const t = useT();
  const bangla = useLocale() === 'bn';
  const { data: catalogue } = useProducts({ enabled: bangla });
  const { admin, user } = useAuth();
  // A rider's run (DESIGN.md §18), for the accounts the run answers (riders only).
  const rider = useIsRider(user.account, useShopToday());
  // Every screen of the role opens offline once the dashboard was open online.
  useRoleCode(admin ? 'admin' : undefined);
  useRoleCode(rider ? 'rider' : undefined);
  return (
    <RequireAuth>
      <div className="drawer lg:drawer-open">
        <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label={t('dashboard.menu')} />
        <div className="drawer-content min-w-0 p-4">
          <label htmlFor="dashboard-drawer" className="btn btn-outline mb-4 min-h-11 lg:hidden">
            {t('dashboard.menu')}
          </label>
          {/* An admin is asked for new-order notifications here, on every dashboard page until answered. */}
          {admin && <PushPrompt kind="admin" />}
          <ProductNamesProvider catalogue={bangla ? catalogue : undefined}>
            <Outlet />
          </ProductNamesProvider>
        </div>
        <div className="drawer-side z-40 lg:top-16 lg:z-20 lg:h-[calc(100dvh-4rem)]">
          {/* Named by its text: aria-label is not allowed on a label (axe aria-prohibited-attr). */}
          <label htmlFor="dashboard-drawer" className="drawer-overlay">
            <span className="sr-only">{t('dashboard.closeMenu')}</span>
          </label>
          <DashboardNav admin={admin} rider={rider} />
        </div>
      </div>
    </RequireAuth>
  );
}
