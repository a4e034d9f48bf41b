/**
 * Every route of spec §2 (paths are case-insensitive, so `/Shop` and `/shop` are one route).
 * Pages are lazy chunks; the shop and home load first, the rest on demand.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { SiteLayout } from './layout/site-layout';
import { RequireAuth } from './guards';
import type * as DashboardPages from './routes/dashboard-pages';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
const dashboardPage = (name: keyof typeof DashboardPages) => async () => ({
  Component: (await import('./routes/dashboard-pages'))[name],
});

const AdminOnly = () => <RequireAuth admin />;

export const router = createBrowserRouter([
  {
    Component: SiteLayout,
    children: [
      { path: '/', lazy: page(() => import('./routes/home')) },
      { path: '/home', lazy: page(() => import('./routes/home')) },
      { path: '/shop', lazy: page(() => import('./routes/shop')) },
      { path: '/about', lazy: page(() => import('./routes/about')) },
      { path: '/contact', lazy: page(() => import('./routes/contact')) },
      { path: '/cart', lazy: page(() => import('./routes/cart')) },
      { path: '/login', lazy: page(() => import('./routes/login')) },
      { path: '/register', lazy: page(() => import('./routes/register')) },
      { path: '/profile', lazy: page(() => import('./routes/profile')) },
      {
        path: '/checkout',
        Component: RequireAuth,
        children: [{ index: true, lazy: page(() => import('./routes/checkout')) }],
      },
      {
        path: '/dashboard',
        lazy: page(() => import('./routes/dashboard-layout')),
        children: [
          { index: true, lazy: dashboardPage('DashboardHomeRoute') },
          { path: 'manage-orders', Component: AdminOnly, children: [{ index: true, lazy: dashboardPage('ManageOrdersRoute') }] },
          { path: 'add-product', lazy: dashboardPage('AddProductRoute') },
          { path: 'manage-products', Component: AdminOnly, children: [{ index: true, lazy: dashboardPage('ManageProductsRoute') }] },
          { path: 'manage-products/update-product/:id', lazy: dashboardPage('UpdateProductRoute') },
          { path: 'my-orders', lazy: dashboardPage('MyOrdersRoute') },
          { path: 'add-review', lazy: dashboardPage('AddReviewRoute') },
          { path: 'add-admin', Component: AdminOnly, children: [{ index: true, lazy: dashboardPage('AddAdminRoute') }] },
        ],
      },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
]);
