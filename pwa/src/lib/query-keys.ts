/**
 * The TanStack Query keys of every API resource, one factory each: every query and every
 * invalidation takes its key from here. They live in lib, not in a feature, because more than one
 * feature (and main.tsx) touches a resource — the catalogue reads products that admin edits —
 * and features never import each other.
 */
import type { OrderStatus } from '@contract/delivery';

/** `GET /api/products`: the whole catalogue is one query. */
export const productKeys = {
  all: ['products'] as const,
};

/** `GET /api/reviews`: every review is one query. */
export const reviewKeys = {
  all: ['reviews'] as const,
};

/** What the admin's order queue asks `GET /api/orders` for (every field optional: all orders). */
export type OrderQueueFilter = { status?: OrderStatus; slot?: string; q?: string };

/**
 * `GET /api/orders`: one query per customer's list; the admin's queue (every page loaded so far,
 * and its first page polled on its own) per filter; one order. Everything under `all`, which is
 * what a change to any order invalidates and what the dashboard keeps offline (persist-queries.ts).
 */
export const orderKeys = {
  all: ['orders'] as const,
  /** The own orders of `account` (its e-mail, or phone number for a phone account). */
  list: (account: string | undefined) => [...orderKeys.all, account ?? 'all'] as const,
  /** Every filter's queue (the prefix of `queue`). */
  queues: () => [...orderKeys.all, 'queue'] as const,
  /** The admin's queue under `filter`: the pages loaded so far (an infinite query). */
  queue: (filter: OrderQueueFilter) => [...orderKeys.queues(), filter] as const,
  /** Every filter's polled first page (the prefix of `queueHead`). */
  queueHeads: () => [...orderKeys.all, 'queue-head'] as const,
  /** The first page of the admin's queue under `filter`, polled for new orders. */
  queueHead: (filter: OrderQueueFilter) => [...orderKeys.queueHeads(), filter] as const,
  /** Order `id`. */
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

/** `GET /api/delivery-slots`: the slots on offer, all of them or one delivery area's (`?area=`). */
export const deliverySlotKeys = {
  all: ['delivery-slots'] as const,
  /** The slots delivery area `areaId` gets (every slot while none is chosen). */
  forArea: (areaId: string | undefined) => [...deliverySlotKeys.all, areaId ?? 'all'] as const,
};

/**
 * `GET /api/delivery-areas`: the active delivery areas (DESIGN.md §15), one query, kept offline
 * with the order queries (persist-queries.ts) so the cart prices an area's fee and minimum offline.
 */
export const deliveryAreaKeys = {
  all: ['delivery-areas'] as const,
};

/**
 * `GET /api/users/me`: the signed-in account's profile (saved phone and addresses), one query per
 * account, kept offline with the order queries (persist-queries.ts) so checkout is prefilled offline.
 */
export const profileKeys = {
  all: ['profile'] as const,
  /** Account `uid`'s profile. */
  me: (uid: string) => [...profileKeys.all, uid] as const,
};

/** `GET /api/payments/methods`: the ways to pay the shop offers now. */
export const paymentKeys = {
  methods: ['payment-methods'] as const,
};

/**
 * `GET /api/problems` (admins, DESIGN.md §19): the problems of one status, paged (an infinite
 * query), and the dawn board's open ones; a problem's photo. A decision invalidates `all`.
 */
export const problemKeys = {
  all: ['problems'] as const,
  /** The pages of problems in `status` loaded so far (the admin's queue). */
  list: (status: string) => [...problemKeys.all, 'list', status] as const,
  /** The open problems the dawn board counts (one page, oldest first). */
  openBoard: () => [...problemKeys.all, 'open-board'] as const,
  /** Photo `photoId`, as an object URL of its bytes (never change: kept for the session). */
  photo: (photoId: string) => ['problem-photos', photoId] as const,
};
