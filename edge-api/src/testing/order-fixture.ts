/**
 * The one sample `POST /api/orders` body of the API tests, the e2e suite, the Workers tests and
 * the benchmarks, typed by the contract's {@link OrderInput} so a new required field is one edit
 * here. A test that reads a value back passes it as an override rather than relying on these.
 */
import type { OrderInput } from '../contract/order';

/** The sample shopper's name and contact details (valid for orderInputSchema). */
export const SAMPLE_CONTACT = {
  customerName: 'Asha Rahman',
  phone: '+880 1711-000000',
  address: 'House 1, Road 2, Dhanmondi, Dhaka',
} as const satisfies Partial<OrderInput>;

/**
 * A valid order body: {@link SAMPLE_CONTACT} with `overrides` over it. `email` (the signed-in
 * account's: the API refuses another) and `orderedProduct` (ids from the catalogue under test)
 * have no sample and are required.
 */
export function orderInput(overrides: Pick<OrderInput, 'email' | 'orderedProduct'> & Partial<OrderInput>): OrderInput {
  return { ...SAMPLE_CONTACT, ...overrides };
}
