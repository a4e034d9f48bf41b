/**
 * An `orders` row as the API's order (DESIGN.md §4, §8): the columns every order read selects and
 * the mapper. `total_amount` is whole Tk, `ordered_product` a JSON snapshot of the lines at order
 * time (name, price per sale unit, picture, unit and unit size, sale units: {@link orderLine}),
 * `created_at` and slot bounds Unix epoch ms; `area_id`, `note` and `shipping` (whole Tk) are the
 * delivery area's (migration 0017, DESIGN.md §15); `max_amount`, `final_amount` (whole Tk),
 * `packing` (JSON) and `refunded_poisha` are packing's (migration 0018, DESIGN.md §17);
 * `credit_applied_poisha` the store credit it took (0020, §19).
 */
import type { Row } from '@libsql/client';
import { orderStatuses, type OrderStatus } from '../contract/delivery';
import { saleUnitOf, type Product } from '../contract/catalogue';
import { DEFAULT_SUBSTITUTION, type LineChoice } from '../contract/line-choice';
import { paymentMethods, paymentStatuses, type Order, type Packing, type PaymentStatus } from '../contract/order';
import { attemptReasons, MAX_CODE_FAILURES, payWithChoices, type Attempt, type OrderRider } from '../contract/rider';
import { priceCart } from '../contract/pricing';
import { deliverySlot } from '../delivery/slots';
import { ACCOUNT_NAME_SQL, ACCOUNT_PHONE_SQL } from './accounts';

/**
 * The columns {@link toOrder} reads, on `orders` (not aliased): the row, its slot, and its
 * timeline as one JSON array (one subquery per row of the page, through the
 * `order_status_history_order` index — no query per order). Not `json_group_array(… ORDER BY
 * …)`: sqld's (and Turso's) SQL parser refuses an aggregate's ORDER BY, so the rows come from
 * an ordered subquery and {@link toOrder} sorts them again (SQL leaves an aggregate's input
 * order open).
 */
export const ORDER_COLUMNS = `id, customer_name, email, phone, address, area_id, note, shipping, order_status, total_amount, order_date,
  max_amount, final_amount, packing, refunded_poisha, credit_applied_poisha, ordered_product, payment_method, payment_status, payment_ref, created_at, slot_start_ms, slot_end_ms,
  user_id, rider_uid, stop, pay_with, delivery_code, code_failures, cash_collected, attempts,
  (SELECT json_object('uid', a.uid, 'name', ${ACCOUNT_NAME_SQL('a')}, 'phone', ${ACCOUNT_PHONE_SQL('a')})
     FROM accounts AS a WHERE a.uid = orders.rider_uid) AS rider,
  (SELECT json_group_array(json_object('status', h.status, 'at', h.at))
     FROM (SELECT status, at FROM order_status_history WHERE order_id = orders.id ORDER BY at, id) AS h) AS status_history`;

type OrderLine = Order['orderedProduct'][number];

/**
 * The snapshot of one ordered line stored with its order: `product`'s name, price (Tk per sale
 * unit), picture, sale unit and weight tolerance (grams, null for none) now, `cartQuantity` sale
 * units (DESIGN.md §4), and the shopper's packing `choice` (DESIGN.md §17; a note only when given).
 */
export const orderLine = (
  product: Product,
  cartQuantity: number,
  choice: LineChoice = { substitution: DEFAULT_SUBSTITUTION },
): OrderLine => ({
  _id: product._id,
  name: product.name,
  price: product.price,
  image: product.image,
  unit: product.unit,
  unitSize: product.unitSize,
  weightTolerance: product.weightTolerance,
  cartQuantity,
  substitution: choice.substitution,
  ...(choice.note ? { note: choice.note } : {}),
});

/** A line as stored: one stored before units has neither, one stored before packing no tolerance or choice. */
type StoredLine = Omit<OrderLine, 'unit' | 'unitSize' | 'weightTolerance' | 'substitution'> &
  Partial<Pick<OrderLine, 'unit' | 'unitSize' | 'weightTolerance' | 'substitution'>>;

/**
 * A stored line as the API's: one stored before products had units is 1 kg a unit; one stored
 * before packing (migration 0018) has no tolerance and substitution none (DESIGN.md §17).
 */
const toOrderLine = (line: StoredLine): OrderLine => ({
  ...line,
  ...saleUnitOf(line),
  weightTolerance: line.weightTolerance ?? null,
  substitution: line.substitution ?? DEFAULT_SUBSTITUTION,
});

/** A nullable numeric column as a number, or undefined for NULL. */
const optionalNumber = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);

const toStatus = (value: unknown): OrderStatus => orderStatuses.find((status) => status === value) ?? 'Pending';

/** A stored payment status as the API tells it: a refund under way ('refunding') is still 'paid'. */
const toPaymentStatus = (value: unknown): PaymentStatus =>
  value === 'refunding' ? 'paid' : (paymentStatuses.find((status) => status === value) ?? 'unpaid');

/** Oldest first; a tie (a backfilled Approved at the creation time) in the states' own order. */
const byTimeThenState = (a: { status: OrderStatus; at: number }, b: { status: OrderStatus; at: number }) =>
  a.at - b.at || orderStatuses.indexOf(a.status) - orderStatuses.indexOf(b.status);

/** The stored failed attempts (JSON), keeping the well-formed ones. */
function toAttempts(json: unknown): Attempt[] {
  try {
    const list: unknown = JSON.parse(String(json ?? '[]'));
    return Array.isArray(list)
      ? list.flatMap((item: { at?: unknown; reason?: unknown }) => {
          const reason = attemptReasons.find((r) => r === item?.reason);
          return reason && typeof item.at === 'string' ? [{ at: item.at, reason }] : [];
        })
      : [];
  } catch {
    return [];
  }
}

/**
 * The doorstep's fields of an order row (DESIGN.md §18): the rider (named from `accounts`), stop,
 * payWith (cash orders), cash collected, failed attempts, whether the code is locked, and the
 * delivery code only when `viewerUid` is the order's owner.
 */
function doorstepOf(row: Row, viewerUid: string | undefined): Partial<Order> {
  const rider = row.rider ? (JSON.parse(String(row.rider)) as OrderRider) : undefined;
  const payWith = row.payment_method === 'cod' ? payWithChoices.find((note) => note === row.pay_with) : undefined;
  const attempts = toAttempts(row.attempts);
  const cash = optionalNumber(row.cash_collected);
  return {
    ...(payWith ? { payWith } : {}),
    ...(rider ? { rider: { uid: String(rider.uid), name: String(rider.name), phone: String(rider.phone) } } : {}),
    ...(rider && row.stop !== null && row.stop !== undefined ? { stop: Number(row.stop) } : {}),
    ...(viewerUid !== undefined && row.user_id === viewerUid && row.delivery_code
      ? { deliveryCode: String(row.delivery_code) }
      : {}),
    ...(Number(row.code_failures ?? 0) >= MAX_CODE_FAILURES ? { deliveryCodeLocked: true } : {}),
    ...(cash === undefined ? {} : { cashCollected: cash }),
    ...(attempts.length > 0 ? { attempts } : {}),
  };
}

/**
 * Maps an `orders` row (the columns of this module's SELECTs) to the API's order shape. A row
 * read without the timeline (e.g. `SELECT *`) has an empty `statusHistory`. `deliveryCode` is
 * in it only when `viewerUid`, the account the answer is for, placed the order (DESIGN.md §18).
 */
export function toOrder(row: Row, viewerUid?: string): Order {
  const history = row.status_history
    ? (JSON.parse(String(row.status_history)) as Array<{ status: unknown; at: number }>)
    : [];
  const slotStart = row.slot_start_ms;
  const lines = (JSON.parse(String(row.ordered_product)) as StoredLine[]).map(toOrderLine);
  const finalAmount = optionalNumber(row.final_amount);
  const refundedPoisha = optionalNumber(row.refunded_poisha);
  const creditPoisha = optionalNumber(row.credit_applied_poisha);
  return {
    _id: String(row.id),
    customerName: String(row.customer_name),
    email: String(row.email),
    phone: String(row.phone),
    address: String(row.address),
    areaId: row.area_id === null || row.area_id === undefined ? null : String(row.area_id),
    ...(row.note ? { note: String(row.note) } : {}),
    // An order placed before areas paid the spec's fee of its lines (DESIGN.md §4).
    shipping: row.shipping === null || row.shipping === undefined ? priceCart(lines).shipping : Number(row.shipping),
    orderStatus: toStatus(row.order_status),
    totalAmount: Number(row.total_amount),
    // An order placed before packing (migration 0018) could cost no more than its total.
    maxAmount: optionalNumber(row.max_amount) ?? Number(row.total_amount),
    ...(finalAmount === undefined ? {} : { finalAmount }),
    ...(refundedPoisha ? { refundedAmount: refundedPoisha / 100 } : {}),
    // Store credit it took (DESIGN.md §19), Tk to the poisha.
    ...(creditPoisha ? { creditApplied: creditPoisha / 100 } : {}),
    ...(row.packing ? { packing: JSON.parse(String(row.packing)) as Packing } : {}),
    orderDate: String(row.order_date),
    orderedProduct: lines,
    paymentMethod: paymentMethods.find((method) => method === row.payment_method) ?? 'cod',
    paymentStatus: toPaymentStatus(row.payment_status),
    ...(row.payment_ref ? { paymentRef: String(row.payment_ref) } : {}),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    statusHistory: history
      .map((change) => ({ status: toStatus(change.status), at: Number(change.at) }))
      .sort(byTimeThenState)
      .map((change) => ({ status: change.status, at: new Date(change.at).toISOString() })),
    deliverySlot:
      slotStart === null || slotStart === undefined ? null : deliverySlot(Number(slotStart), Number(row.slot_end_ms)),
    ...doorstepOf(row, viewerUid),
  };
}
