/**
 * Every route of spec §2, with the paths of config/paths.ts (matched case-insensitively, so
 * `/Shop` and `/shop` are one route). Pages are lazy chunks; the shop and home load first, the
 * rest on demand. The dashboard also restores the order queries kept offline.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { SiteLayout } from './layout/site-layout';
import { scrollPositions } from './layout/scroll-on-navigation';
import { RequireAuth } from './guards';
import { RouteError } from './route-error';
import { queryClient } from './query-client';
import { loadRoleMessages } from '../lib/i18n/i18n';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const AdminOnly = () => <RequireAuth admin />;

/**
 * Keeps the order and profile queries offline (lib/persist-queries.ts), loaded with the dashboard,
 * checkout and profile only: never on the shop's first load.
 */
const restoreOrderQueries = () =>
  import('../lib/persist-queries').then(({ persistOrderQueries }) => persistOrderQueries(queryClient));

/**
 * A role's screen (a signed-in shopper's, an admin's, a rider's: vite.config.ts roleScreens) once
 * the kept queries are restored (restoreOrderQueries) and, in Bangla, its messages are in.
 */
const roleScreen = (load: Promise<PageModule>) =>
  Promise.all([load, restoreOrderQueries(), loadRoleMessages()]).then(([module]) => module);

/** The route tree, shared by the browser router and the build's prerender (pwa/src/prerender.tsx). */
export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    // Nothing until the first page's lazy module is in (the app shell); a prerendered page is
    // hydrated only once it is (main.tsx), so this never replaces its HTML.
    HydrateFallback: () => null,
    // A page that fails (its code could not be downloaded) says so inside the header and footer.
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { path: paths.home, lazy: page(() => import('./routes/home')) },
          { path: paths.homeAlias, lazy: page(() => import('./routes/home')) },
          { path: paths.shop, lazy: page(() => import('./routes/shop')) },
          { path: paths.about, lazy: page(() => import('./routes/about')) },
          { path: paths.contact, lazy: page(() => import('./routes/contact')) },
          { path: paths.cart, lazy: page(() => import('./routes/cart')) },
          { path: paths.login, lazy: page(() => import('./routes/login')) },
          { path: paths.register, lazy: page(() => import('./routes/register')) },
          // The kept profile (saved phone and addresses) is back in the cache before these render.
          { path: paths.profile, lazy: page(() => roleScreen(import('./routes/profile'))) },
          {
            path: paths.checkout,
            Component: RequireAuth,
            children: [{ index: true, lazy: page(() => roleScreen(import('./routes/checkout'))) }],
          },
          {
            path: paths.rider,
            Component: RequireAuth,
            // The run as last loaded is back in the cache before it renders: readable offline.
            children: [{ index: true, lazy: page(() => roleScreen(import('./routes/rider'))) }],
          },
          {
            path: paths.dashboard.root,
            // The saved order queries are back in the cache before the first dashboard screen renders.
            lazy: page(() => roleScreen(import('./routes/dashboard-layout'))),
            children: [
              { index: true, lazy: page(() => import('./routes/dashboard-home')) },
              {
                path: paths.dashboard.manageOrders,
                Component: AdminOnly,
                children: [
                  { index: true, lazy: page(() => import('./routes/dashboard-manage-orders')) },
                  {
                    path: paths.dashboard.orderDetails.path,
                    lazy: page(() => import('./routes/dashboard-order-details')),
                  },
                  {
                    path: paths.dashboard.packOrder.path,
                    lazy: page(() => import('./routes/dashboard-pack-order')),
                  },
                ],
              },
              { path: paths.dashboard.addProduct, lazy: page(() => import('./routes/dashboard-add-product')) },
              {
                path: paths.dashboard.manageProducts,
                Component: AdminOnly,
                children: [{ index: true, lazy: page(() => import('./routes/dashboard-manage-products')) }],
              },
              {
                path: paths.dashboard.updateProduct.path,
                lazy: page(() => import('./routes/dashboard-update-product')),
              },
              { path: paths.dashboard.myOrders, lazy: page(() => import('./routes/dashboard-my-orders')) },
              { path: paths.dashboard.addReview, lazy: page(() => import('./routes/dashboard-add-review')) },
              {
                path: paths.dashboard.addAdmin,
                Component: AdminOnly,
                children: [{ index: true, lazy: page(() => import('./routes/dashboard-add-admin')) }],
              },
              {
                path: paths.dashboard.addRider,
                Component: AdminOnly,
                children: [{ index: true, lazy: page(() => import('./routes/dashboard-add-rider')) }],
              },
              {
                path: paths.dashboard.areas,
                Component: AdminOnly,
                children: [{ index: true, lazy: page(() => import('./routes/dashboard-areas')) }],
              },
              {
                path: paths.dashboard.problems,
                Component: AdminOnly,
                children: [{ index: true, lazy: page(() => import('./routes/dashboard-problems')) }],
              },
            ],
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

/**
 * The app's router (created in the browser only: the prerender uses a static one over `routes`).
 * It notes each page's scroll position as a navigation leaves it, for Back and Forward
 * (layout/scroll-on-navigation.tsx).
 */
export const createRouter = () => {
  const router = createBrowserRouter(routes);
  router.enableScrollRestoration(scrollPositions, () => scrollY);
  return router;
};
