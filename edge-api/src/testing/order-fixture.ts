/**
 * The one sample `POST /api/orders` body of the API tests, the e2e suite, the Workers tests and
 * the benchmarks, typed by the contract's {@link OrderInput} so a new required field is one edit
 * here. A test that reads a value back passes it as an override rather than relying on these.
 */
import type { OrderInput } from '../contract/order';

/**
 * The sample shopper's name and contact details (valid for orderInputSchema): a BD mobile in
 * E.164 (as it is stored), a Dhanmondi address's line and its delivery area (a core area of the
 * seed, migration 0016: the spec's fee, no minimum, every slot). The order's stored `address` is
 * {@link SAMPLE_ADDRESS}.
 */
export const SAMPLE_CONTACT = {
  customerName: 'Asha Rahman',
  phone: '+8801711000000',
  areaId: 'dhanmondi',
  address: 'House 1, Road 2',
} as const satisfies Partial<OrderInput>;

/** The `address` an order of {@link SAMPLE_CONTACT} stores: its line and its area's name (DESIGN.md §15). */
export const SAMPLE_ADDRESS = 'House 1, Road 2, Dhanmondi';

/**
 * A valid order body: {@link SAMPLE_CONTACT} with `overrides` over it. `email` (the signed-in
 * account's: the API refuses another) and `orderedProduct` (ids from the catalogue under test)
 * have no sample and are required.
 */
export function orderInput(overrides: Pick<OrderInput, 'email' | 'orderedProduct'> & Partial<OrderInput>): OrderInput {
  return { ...SAMPLE_CONTACT, ...overrides };
}
