/**
 * The query keys of the shopper's problems and store credit (DESIGN.md §19): here, not in
 * lib/query-keys.ts, because only this feature reads them — and lib's keys are in the shop's first
 * load. Under `orderKeys.all`, so they are kept offline with the orders (persist-queries.ts),
 * refreshed when an order changes (a cancelled one gives credit back) and forgotten on sign-out.
 */
import { orderKeys } from '../../../lib/query-keys';

/** `GET /api/users/me/problems`: account `account`'s problems (its e-mail, or phone number). */
export const myProblemKeys = {
  mine: (account: string | undefined) => [...orderKeys.all, 'problems', account ?? 'none'] as const,
};

/** `GET /api/users/me/credit`: account `account`'s store credit. */
export const creditKeys = {
  mine: (account: string | undefined) => [...orderKeys.all, 'credit', account ?? 'none'] as const,
};
