/**
 * The TanStack Query keys of every API resource, one factory each: every query and every
 * invalidation takes its key from here. They live in lib, not in a feature, because more than one
 * feature (and main.tsx) touches a resource — the catalogue reads products that admin edits —
 * and features never import each other.
 */

/** `GET /api/products`: the whole catalogue is one query. */
export const productKeys = {
  all: ['products'] as const,
};

/** `GET /api/reviews`: every review is one query. */
export const reviewKeys = {
  all: ['reviews'] as const,
};

/** `GET /api/orders`: one query per customer's list, one for the admin's list of everyone's. */
export const orderKeys = {
  all: ['orders'] as const,
  /** The list of `email`'s orders, or every order (admins) when undefined. */
  list: (email: string | undefined) => [...orderKeys.all, email ?? 'all'] as const,
};
