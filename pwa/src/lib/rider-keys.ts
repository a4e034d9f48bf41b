/**
 * The TanStack Query key of `GET /api/riders` (DESIGN.md §18): the riders the admin named, one
 * query, read by Add Rider (features/admin) and the order screens (features/orders). Apart from
 * query-keys.ts, which the shop's first load carries: this one only the admin's lazy chunks do.
 */
export const riderKeys = {
  all: ['riders'] as const,
};
