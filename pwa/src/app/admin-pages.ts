/**
 * The admin's pages, as lazy modules (DESIGN.md §5, Data). Their code is not precached on a
 * shopper's phone (vite.config.ts onDemandEntries); once an admin has the dashboard open and the
 * service worker controls the page, all of them are fetched at the next idle moment, into its
 * code-on-demand cache, so every admin screen opens offline afterwards, not only those seen.
 */
import { useEffect } from 'react';
import { whenSettled } from '../lib/idle';

export const adminPages = {
  manageOrders: () => import('./routes/dashboard-manage-orders'),
  orderDetails: () => import('./routes/dashboard-order-details'),
  addProduct: () => import('./routes/dashboard-add-product'),
  manageProducts: () => import('./routes/dashboard-manage-products'),
  updateProduct: () => import('./routes/dashboard-update-product'),
  addAdmin: () => import('./routes/dashboard-add-admin'),
};

/** Resolves once a service worker controls the page (never where there is none). */
const controlled = (): Promise<void> =>
  new Promise((resolve) => {
    if (!('serviceWorker' in navigator)) return;
    if (navigator.serviceWorker.controller) resolve();
    else navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
  });

/** While `admin` is true: fetches every admin page's code once the page is controlled and settled (see above). */
export function useAdminPagesKept(admin: boolean): void {
  useEffect(() => {
    if (!admin || !import.meta.env.PROD) return;
    let cancel: (() => void) | undefined;
    let stopped = false;
    void controlled().then(() => {
      if (!stopped)
        cancel = whenSettled(() => Object.values(adminPages).forEach((load) => void load().catch(() => undefined)));
    });
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [admin]);
}
