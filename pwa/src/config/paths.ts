/**
 * Every route of the app (spec §2's route table), in one place: the router declares its routes
 * with these paths and every link, redirect and guard uses them. A path with parameters has a
 * `path` pattern for the router and a `getHref(...)` for links. Dashboard pages are nested under
 * `/dashboard` in the router with these absolute paths.
 */
// Relative, not @contract/…: vite.config.ts loads this file under Node, which knows no alias.
// eslint-disable-next-line no-restricted-imports
import { MY_ORDERS_PATH } from '../../../edge-api/src/contract/my-orders';

export const paths = {
  home: '/',
  homeAlias: '/home',
  // The spec's route is /Shop and its links say /shop: the router matches paths case-insensitively,
  // so this one constant serves both.
  shop: '/shop',
  about: '/about',
  contact: '/contact',
  cart: '/cart',
  login: '/login',
  register: '/register',
  profile: '/profile',
  checkout: '/checkout',
  /** The rider's run on their phone (riders, DESIGN.md §18). */
  rider: '/rider',
  dashboard: {
    root: '/dashboard',
    manageOrders: '/dashboard/manage-orders',
    orderDetails: {
      path: '/dashboard/manage-orders/:id',
      getHref: (id: string) => `/dashboard/manage-orders/${encodeURIComponent(id)}`,
    },
    /** An Approved order's packing screen (admins, DESIGN.md §17). */
    packOrder: {
      path: '/dashboard/manage-orders/:id/pack',
      getHref: (id: string) => `/dashboard/manage-orders/${encodeURIComponent(id)}/pack`,
    },
    addProduct: '/dashboard/add-product',
    manageProducts: '/dashboard/manage-products',
    updateProduct: {
      path: '/dashboard/manage-products/update-product/:id',
      getHref: (id: string) => `/dashboard/manage-products/update-product/${encodeURIComponent(id)}`,
    },
    myOrders: MY_ORDERS_PATH,
    addReview: '/dashboard/add-review',
    addAdmin: '/dashboard/add-admin',
    /** Naming riders (admins, DESIGN.md §18). */
    addRider: '/dashboard/add-rider',
    areas: '/dashboard/areas',
    /** The problems shoppers reported after delivery, to decide (admins, DESIGN.md §19). */
    problems: '/dashboard/problems',
  },
} as const;
