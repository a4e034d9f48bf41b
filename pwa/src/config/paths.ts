/** Every in-app link, in one place (spec §2's route table; dashboard children are relative). */
export const paths = {
  home: '/',
  homeAlias: '/home',
  shop: '/Shop',
  about: '/about',
  contact: '/contact',
  cart: '/cart',
  login: '/login',
  register: '/register',
  profile: '/profile',
  checkout: '/checkout',
  dashboard: {
    root: '/dashboard',
    manageOrders: '/dashboard/manage-orders',
    addProduct: '/dashboard/add-product',
    manageProducts: '/dashboard/manage-products',
    updateProduct: (id: string) => `/dashboard/manage-products/update-product/${encodeURIComponent(id)}`,
    myOrders: '/dashboard/my-orders',
    addReview: '/dashboard/add-review',
    addAdmin: '/dashboard/add-admin',
  },
} as const;
