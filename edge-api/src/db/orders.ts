/**
 * The `orders` table and its `order_status_history` (DESIGN.md §4, §8): their SQL and the row
 * mapper. `total_amount` is whole Tk, `ordered_product` a JSON snapshot of the lines at order
 * time (name, price per sale unit, picture, unit and unit size, sale units: {@link orderLine}), `created_at` and slot bounds Unix epoch ms;
 * `area_id`, `note` and `shipping` (whole Tk) are the delivery area's (migration 0017, DESIGN.md §15);
 * `max_amount`, `final_amount` (whole Tk), `packing` (JSON) and `refunded_poisha` are packing's
 * (migration 0018, DESIGN.md §17); `credit_applied_poisha` the store credit it took (0020, §19). Lists are keyset-paged newest first on
 * (created_at, id), one index per filter (migration 0003), so a first page costs the same at
 * 1k or 100k orders.
 */
import type { Client, InStatement, InValue, Row } from '@libsql/client';
import { orderStatuses, type OrderStatus } from '../contract/delivery';
import { saleUnitOf, type Product } from '../contract/catalogue';
import { DEFAULT_SUBSTITUTION, type LineChoice } from '../contract/line-choice';
import { paymentMethods, paymentStatuses, type Order, type Packing, type PaymentStatus } from '../contract/order';
import { attemptReasons, MAX_CODE_FAILURES, payWithChoices, type Attempt, type OrderRider } from '../contract/rider';
import { priceCart } from '../contract/pricing';
import { addShopDays, shopDate, shopDayStartMs } from '../contract/shop-day';
import { deliverySlot, type TimedSlot } from '../delivery/slots';
import { OrderNotFoundError, SlotFullError, StockChangedError } from './errors';
import { writeGuard, type BatchStep, type Guard } from './guarded-batch';
import type { Cursor } from './cursor';
import { forgetOrderAnswerStatement } from './idempotency-keys';
import { ACCOUNT_NAME_SQL, ACCOUNT_PHONE_SQL } from './accounts';
import { giveBackCreditStatement } from './credit';

/**
 * The columns {@link toOrder} reads, on `orders` (not aliased): the row, its slot, and its
 * timeline as one JSON array (one subquery per row of the page, through the
 * `order_status_history_order` index — no query per order). Not `json_group_array(… ORDER BY
 * …)`: sqld's (and Turso's) SQL parser refuses an aggregate's ORDER BY, so the rows come from
 * an ordered subquery and {@link toOrder} sorts them again (SQL leaves an aggregate's input
 * order open).
 */
const COLUMNS = `id, customer_name, email, phone, address, area_id, note, shipping, order_status, total_amount, order_date,
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

/**
 * Reads order `id` with its timeline (one primary-key lookup), for account `viewerUid` (its
 * delivery code is in it only for the order's owner).
 * @returns the order in the API's shape, or undefined when there is no such order.
 */
export async function readOrder(db: Client, id: string, viewerUid?: string): Promise<Order | undefined> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM orders WHERE id = ?`, args: [id] });
  return rows[0] ? toOrder(rows[0], viewerUid) : undefined;
}

/**
 * Reads who placed order `id`: the uid of the account whose token placed it (DESIGN.md §3: read,
 * cancel and pay are decided by it, never by an e-mail).
 * @returns the uid, or undefined when there is no such order.
 */
export async function readOrderOwner(db: Client, id: string): Promise<string | undefined> {
  const { rows } = await db.execute({ sql: 'SELECT user_id FROM orders WHERE id = ?', args: [id] });
  return rows[0] ? String(rows[0].user_id) : undefined;
}

/**
 * Loads order `id`.
 * @throws OrderNotFoundError when there is no such order.
 */
export async function findOrder(db: Client, id: string, viewerUid?: string): Promise<Order> {
  const order = await readOrder(db, id, viewerUid);
  if (!order) throw new OrderNotFoundError(id);
  return order;
}

/**
 * Which orders a list shows: one account's (`userId`, the placing token's uid), the orders with
 * an e-mail (`email`, the admin's look-up), a state, a slot id, and text `q` in name, e-mail or phone.
 */
export type OrderFilter = { userId?: string; email?: string; status?: OrderStatus; slot?: string; q?: string };

/** One page: at most `limit` orders after `after` (from the start when absent). */
export type PageRequest = { limit: number; after?: Cursor };

/** A page of orders and, when more may follow, the cursor of the next page. */
export type OrderPage = { orders: Order[]; next?: Cursor };

/**
 * With `q`, one page examines at most this many orders (newest first, after the cursor): a
 * substring search cannot use an index, so it is bounded instead, and the next page goes on
 * from where this one stopped. Such a page may hold fewer than `limit` orders, or none, and
 * still have a next page.
 */
export const SEARCH_WINDOW = 2000;

/** Escapes LIKE's wildcards in `text` (with ESCAPE '\'), for a substring match. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A search as it may match a phone stored in E.164 (`+8801711223344`, DESIGN.md §15): the
 * separators people type (`01711-223344`, `+880 1711`) dropped when the search is a number;
 * any other search as it is. The national `01…` digits are a substring of the E.164 form.
 */
const phoneSearch = (q: string) => (/^[+\d\s\-.()]+$/.test(q) ? q.replace(/[\s\-.()]/g, '') : q);

/** The WHERE conditions (and args) of `filter` other than `q`, and of the cursor. */
function conditions(filter: OrderFilter, after: Cursor | undefined): { where: string; args: InValue[] } {
  const parts: Array<[sql: string, ...args: InValue[]]> = [];
  if (filter.userId !== undefined) parts.push(['user_id = ?', filter.userId]);
  if (filter.email !== undefined) parts.push(['email = ?', filter.email]);
  if (filter.status !== undefined) parts.push(['order_status = ?', filter.status]);
  if (filter.slot !== undefined) parts.push(['slot_id = ?', filter.slot]);
  if (after) parts.push(['(created_at, id) < (?, ?)', after.createdAt, after.id]);
  return {
    where: parts.length > 0 ? `WHERE ${parts.map(([sql]) => sql).join(' AND ')}` : '',
    args: parts.flatMap(([, ...args]) => args),
  };
}

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

/**
 * The statements {@link listOrders} runs for one page: `rows` reads up to `limit + 1` orders
 * (one more than the page, to know whether another follows). With `q`, `rows` reads the matches
 * within the next {@link SEARCH_WINDOW} orders and `windowEnd` the last order of that window
 * (none when fewer remain). Each filter's first page goes through its index (`orders_created`,
 * `orders_user_created`, `orders_email_created`, `orders_status_created`, `orders_slot_created`)
 * without sorting.
 */
export function listOrdersStatements(
  filter: OrderFilter,
  page: PageRequest,
): { rows: InStatement; windowEnd?: InStatement } {
  const { where, args } = conditions(filter, page.after);
  if (filter.q === undefined)
    return {
      rows: { sql: `SELECT ${COLUMNS} FROM orders ${where} ${NEWEST_FIRST} LIMIT ?`, args: [...args, page.limit + 1] },
    };
  const like = likeContains(filter.q);
  // The window is read newest first and the matching stops at `limit + 1`: a page costs the
  // orders up to its last match (at most the window), whatever the table's size. Both
  // subqueries run as co-routines, which yield rows in the window's ORDER BY order, so the
  // matches taken are the newest; CROSS JOIN keeps them the outer loop (else the planner may
  // walk every order to skip the final sort). query-plan.test.ts checks the plan.
  return {
    rows: {
      sql: `SELECT ${COLUMNS} FROM (
              SELECT id AS hit FROM (SELECT id, customer_name, email, phone FROM orders ${where} ${NEWEST_FIRST} LIMIT ?)
              WHERE customer_name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\'
                 OR phone LIKE ? ESCAPE '\\' LIMIT ?
            ) CROSS JOIN orders ON orders.id = hit
            ${NEWEST_FIRST}`,
      args: [...args, SEARCH_WINDOW, like, like, like, likeContains(phoneSearch(filter.q)), page.limit + 1],
    },
    windowEnd: {
      sql: `SELECT created_at, id FROM orders ${where} ${NEWEST_FIRST} LIMIT 1 OFFSET ?`,
      args: [...args, SEARCH_WINDOW - 1],
    },
  };
}

/**
 * Reads one page of the orders `filter` selects, newest first. Pages never skip or repeat an
 * order, even while new ones arrive (they sort before the first page's cursor).
 * @returns the page's orders and the next page's cursor when more may follow.
 */
export async function listOrders(
  db: Client,
  filter: OrderFilter,
  page: PageRequest,
  viewerUid?: string,
): Promise<OrderPage> {
  const statements = listOrdersStatements(filter, page);
  const { rows } = await db.execute(statements.rows);
  const orders = rows.slice(0, page.limit).map((row) => toOrder(row, viewerUid));
  const last = orders.at(-1);
  if (rows.length > page.limit && last)
    return { orders, next: { createdAt: Date.parse(last.createdAt), id: last._id } };
  // A search page short of `limit`: the next one goes on after the window, when orders remain.
  const end = statements.windowEnd && (await db.execute(statements.windowEnd)).rows[0];
  return end ? { orders, next: { createdAt: Number(end.created_at), id: String(end.id) } } : { orders };
}

/**
 * Random words from the platform's CSPRNG, drawn 256 at a time: a call of `getRandomValues`
 * costs far more than the four bytes it gives (≈ 0.7 % of an order's server time, one a call).
 * Each word is given out once.
 */
const randomWords = new Uint32Array(256);
let nextWord = randomWords.length;

/** A delivery code (DESIGN.md §18): 4 random digits from the platform's CSPRNG, "0000"–"9999". */
export function newDeliveryCode(): string {
  if (nextWord === randomWords.length) {
    crypto.getRandomValues(randomWords);
    nextWord = 0;
  }
  const word = randomWords[nextWord] ?? 0;
  nextWord += 1;
  // 2^32 mod 10^4 = 7296: the bias of the modulo is below 0.0003 %, far under a guess's odds.
  return String(word % 10_000).padStart(4, '0');
}

/**
 * The statements that store `order` (placed by Firebase uid `userId`) as a new row in `slot`
 * (or none), with its first timeline entry (Pending at its `createdAt`), for a write batch.
 */
export function insertOrderStatements(
  order: Order,
  userId: string,
  slot: Pick<TimedSlot, 'id' | 'startMs' | 'endMs'> | null,
): InStatement[] {
  const createdAt = Date.parse(order.createdAt);
  return [
    {
      sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, area_id, note, shipping, order_status,
              total_amount, max_amount, order_date, ordered_product, payment_method, payment_status, created_at, slot_id,
              slot_start_ms, slot_end_ms, pay_with, delivery_code)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        order._id,
        userId,
        order.customerName,
        order.email,
        order.phone,
        order.address,
        order.areaId,
        order.note ?? null,
        order.shipping,
        order.orderStatus,
        order.totalAmount,
        order.maxAmount,
        order.orderDate,
        JSON.stringify(order.orderedProduct),
        order.paymentMethod,
        order.paymentStatus,
        createdAt,
        slot?.id ?? null,
        slot?.startMs ?? null,
        slot?.endMs ?? null,
        order.payWith ?? null,
        order.deliveryCode ?? newDeliveryCode(),
      ],
    },
    {
      sql: 'INSERT INTO order_status_history (order_id, status, at, by_uid) VALUES (?, ?, ?, ?)',
      args: [order._id, order.orderStatus, createdAt, userId],
    },
  ];
}

/**
 * The steps that take an order's units from counted stock (DESIGN.md §4), for the batch that
 * inserts it: per product, a guard that it is still in stock with at least `quantity` units when
 * counted (its error is StockChangedError: the order is planned again with fresh stock), then
 * the UPDATE that takes them (a product not counted, `stock` NULL, keeps NULL).
 * @param quantities product id → the order's units of it (its lines summed).
 */
export function takeStockSteps(quantities: ReadonlyMap<string, number>): BatchStep[] {
  return [...quantities].flatMap(([id, quantity]): BatchStep[] => [
    writeGuard(
      'coalesce((SELECT in_stock = 1 AND (stock IS NULL OR stock >= ?) FROM products WHERE id = ?), 0)',
      [quantity, id],
      () => new StockChangedError(id),
    ),
    { sql: 'UPDATE products SET stock = stock - ? WHERE id = ? AND stock IS NOT NULL', args: [quantity, id] },
  ]);
}

/**
 * The statement that gives back to counted stock the units of the order `o` that `where`
 * selects (an SQL condition on the alias `o`, e.g. `o.id = ? AND o.payment_status = 'unpaid'`),
 * read from its line snapshot; placed before the statement that deletes or cancels the order,
 * so it gives them back once, only when that statement will match. Products not counted, or
 * gone, are left as they are. A packed order (DESIGN.md §17) holds what was packed: its lines
 * found and its substitutes (the units of lines not found went back when it was packed).
 */
export function giveBackStockStatement(where: string, args: InValue[]): InStatement {
  // A line is held unless its packing entry (same index) says not found; JSON true/false read as 1/0.
  const held = `coalesce(json_extract(o.packing, '$.lines[' || line.key || '].found'), 1)`;
  const lines = `FROM orders AS o, json_each(o.ordered_product) AS line WHERE ${where} AND ${held}`;
  const substitutes = `FROM orders AS o, json_each(o.packing, '$.lines') AS packed
    WHERE ${where} AND json_extract(packed.value, '$.substitute._id') IS NOT NULL`;
  return {
    sql: `UPDATE products SET stock = stock
            + coalesce((SELECT sum(json_extract(line.value, '$.cartQuantity')) ${lines}
                          AND json_extract(line.value, '$._id') = products.id), 0)
            + coalesce((SELECT sum(json_extract(packed.value, '$.substitute.quantity')) ${substitutes}
                          AND json_extract(packed.value, '$.substitute._id') = products.id), 0)
          WHERE stock IS NOT NULL AND id IN (SELECT json_extract(line.value, '$._id') ${lines}
                                             UNION ALL SELECT json_extract(packed.value, '$.substitute._id') ${substitutes})`,
    args: [...args, ...args, ...args, ...args],
  };
}

/**
 * The places taken in slot `?`: the orders in it that are not Cancelled (a cancelled order, paid
 * or not, gives its place back), as `slot_places` keeps them (migration 0022's triggers, the one
 * home of that rule); 0 for a slot nobody took. One primary-key seek.
 */
const SLOT_TAKEN = 'coalesce((SELECT taken FROM slot_places WHERE slot_id = ?), 0)';

/**
 * The guard that slot `slotId` holds at most `capacity` orders at its place in a guarded batch
 * (db/guarded-batch.ts): placed after an order's insert, it counts that order too, inside the
 * same transaction. Its error is SlotFullError: the slot filled after the order's slot was
 * chosen, and the order is planned again with fresh counts.
 */
export function slotCapacityGuard(slotId: string, capacity: number): Guard {
  return writeGuard(`${SLOT_TAKEN} <= ?`, [slotId, capacity], () => new SlotFullError(slotId));
}

// The units of product `?` (2nd arg) on the lines of account `?`'s (1st arg) open (Pending) orders,
// found through the partial index `orders_user_open`.
const HELD_UNITS = `SELECT coalesce(sum(json_extract(line.value, '$.cartQuantity')), 0)
  FROM orders AS o, json_each(o.ordered_product) AS line
  WHERE o.user_id = ? AND o.order_status = 'Pending' AND json_extract(line.value, '$._id') = ?`;

/**
 * The units of each of `productIds` that account `userId` holds on its open (Pending) orders.
 * @returns product id → units (0 for none).
 */
export async function heldUnits(
  db: Client,
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const id of productIds) {
    const { rows } = await db.execute({ sql: `SELECT (${HELD_UNITS}) AS units`, args: [userId, id] });
    held.set(id, Number(rows[0]?.units ?? 0));
  }
  return held;
}

/**
 * The guard that account `userId` holds at most `max` units of product `productId` across its
 * open (Pending) orders, at its place in a guarded batch: placed after an order's insert, it
 * counts that order's units too, so concurrent orders cannot pass the limit together. `error` is
 * raised when it fails.
 */
export function heldUnitsGuard(userId: string, productId: string, max: number, error: Error | (() => Error)): Guard {
  return writeGuard(`(${HELD_UNITS}) <= ?`, [userId, productId, max], error);
}

/**
 * The guard that account `userId` has at most `max` open (Pending) orders, however they are paid,
 * at its place in a guarded batch (db/guarded-batch.ts): placed after an order's insert, it counts
 * that order too, inside the same transaction, so concurrent orders cannot pass the limit
 * together. An unpaid card or bKash order holds counted stock as a cash one does, so it counts
 * too. It counts the entries of the partial index `orders_user_open` (the account's Pending
 * orders), reading no order. `error` is raised when it fails.
 */
export function openOrdersGuard(userId: string, max: number, error: Error | (() => Error)): Guard {
  return writeGuard(
    "(SELECT count(*) FROM orders WHERE user_id = ? AND order_status = 'Pending') <= ?",
    [userId, max],
    error,
  );
}

/**
 * The statement {@link countOrdersBySlot} runs: one seek of `slot_places` per slot id.
 */
export function countOrdersBySlotStatement(slotIds: readonly string[]): InStatement {
  return {
    sql: `SELECT slot_id, taken FROM slot_places
          WHERE slot_id IN (${slotIds.map(() => '?').join(', ')}) AND taken > 0`,
    args: [...slotIds],
  };
}

/**
 * Counts the orders that take a place in each of `slotIds` (not Cancelled: {@link SLOT_TAKEN}).
 * @returns a map from slot id to its number of orders; slots with none are absent.
 */
export async function countOrdersBySlot(db: Client, slotIds: readonly string[]): Promise<Map<string, number>> {
  if (slotIds.length === 0) return new Map();
  const { rows } = await db.execute(countOrdersBySlotStatement(slotIds));
  return new Map(rows.map((row) => [String(row.slot_id), Number(row.taken)]));
}

/**
 * The statement {@link slotRoom} runs: the places taken in `askedId` (0 for null), and the full
 * slots (`capacity` places taken or more) from the first of `slotIds` to the last, their ids
 * joined by spaces: one seek and one range of `slot_places`' primary key (slot ids sort as their
 * starts: ISO times with the shop's one offset). One row comes back, however many slots are full.
 */
export function slotRoomStatement(slotIds: readonly string[], capacity: number, askedId: string | null): InStatement {
  return {
    sql: `SELECT ${SLOT_TAKEN} AS asked_taken,
            (SELECT group_concat(slot_id, ' ') FROM slot_places WHERE slot_id >= ? AND slot_id <= ? AND taken >= ?) AS full`,
    args: [askedId, slotIds[0] ?? null, slotIds.at(-1) ?? null, capacity],
  };
}

/**
 * What placing an order needs of its horizon's slots (`slotIds`, earliest first; `capacity`
 * orders each): `askedTaken`, the orders in `askedId` (0 when none was asked for), and
 * `firstWithRoom`, the earliest slot with room (null when all are full). Every slot before it
 * is full.
 */
export async function slotRoom(
  db: Client,
  slotIds: readonly string[],
  capacity: number,
  askedId: string | null,
): Promise<{ askedTaken: number; firstWithRoom: string | null }> {
  const { rows } = await db.execute(slotRoomStatement(slotIds, capacity, askedId));
  const row = rows[0];
  const full = new Set(typeof row?.full === 'string' ? row.full.split(' ') : []);
  return { askedTaken: Number(row?.asked_taken ?? 0), firstWithRoom: slotIds.find((id) => !full.has(id)) ?? null };
}

/**
 * The condition that an `orders` row is delivered on shop date `date` (DESIGN.md §12's rule): in
 * a slot of that day (slot ids are ISO starts with the shop's offset, so the day's sort between
 * `<date>T` and `<next day>T`), or without a slot and placed that day.
 */
export function deliveryDayCondition(date: string): { sql: string; args: InValue[] } {
  const start = shopDayStartMs(date);
  const next = addShopDays(date, 1);
  return {
    sql: '((slot_id >= ? AND slot_id < ?) OR (slot_id IS NULL AND created_at >= ? AND created_at < ?))',
    args: [`${date}T`, `${next}T`, start, shopDayStartMs(next)],
  };
}

/** The shop date an order is delivered on: its slot's day, else the day it was placed (DESIGN.md §12). */
export const deliveryDayOf = (order: Pick<Order, 'deliverySlot' | 'createdAt'>): string =>
  order.deliverySlot ? order.deliverySlot.id.slice(0, 10) : shopDate(Date.parse(order.createdAt));

/**
 * The statement {@link listRunOrders} runs: rider `riderUid`'s orders delivered on shop date
 * `date` (not cancelled), in stop order (then by placing), through `orders_rider`.
 */
export function runOrdersStatement(riderUid: string, date: string): InStatement {
  const day = deliveryDayCondition(date);
  return {
    sql: `SELECT ${COLUMNS} FROM orders WHERE rider_uid = ? AND order_status <> 'Cancelled' AND ${day.sql}
          ORDER BY stop, created_at, id`,
    args: [riderUid, ...day.args],
  };
}

/** Rider `riderUid`'s run of shop date `date` (DESIGN.md §18): their orders of the day, in stop order. */
export async function listRunOrders(db: Client, riderUid: string, date: string): Promise<Order[]> {
  const { rows } = await db.execute(runOrdersStatement(riderUid, date));
  return rows.map((row) => toOrder(row));
}

/**
 * Moves order `id` from state `from` to `to` and records the change (at `nowMs`, epoch ms, by
 * Firebase uid `byUid`) in one write batch. The UPDATE only matches while the order is still in
 * `from`, so two admins cannot both advance it; the history row is written only when the order
 * is now in `to` and has no entry for it yet.
 * @returns the number of orders changed: 1, or 0 when it is gone or no longer in `from`.
 */
export async function changeOrderStatus(
  db: Client,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  byUid: string,
  nowMs = Date.now(),
): Promise<number> {
  const [update] = await db.batch(
    [
      { sql: 'UPDATE orders SET order_status = ? WHERE id = ? AND order_status = ?', args: [to, id, from] },
      {
        sql: `INSERT INTO order_status_history (order_id, status, at, by_uid)
              SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM orders WHERE id = ? AND order_status = ?)
                AND NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ? AND status = ?)`,
        args: [id, to, nowMs, byUid, id, to, id, to],
      },
    ],
    'write',
  );
  return update?.rowsAffected ?? 0;
}

/**
 * Deletes unpaid order `id` (its timeline goes with it, by trigger) and gives its units back to
 * counted stock (unless Delivered); with `onlyIfPending`, only while it is still Pending. A paid
 * order is never deleted (DESIGN.md §6: it is refunded and kept).
 * In the same write the stored answer of the order's Idempotency-Key (it holds the phone and
 * address) is dropped (db/idempotency-keys.ts forgetOrderAnswerStatement), and the store credit
 * it took is given back (db/credit.ts, reason 'order_cancelled').
 * @returns the number of orders deleted (1 or 0).
 */
export async function deleteOrder(db: Client, id: string, options: { onlyIfPending?: boolean } = {}): Promise<number> {
  const pending = options.onlyIfPending ? "AND order_status = 'Pending'" : '';
  const where = `id = ? AND payment_status = 'unpaid' ${pending}`;
  const [, , , deleted] = await db.batch(
    [
      forgetOrderAnswerStatement(id, { sql: `SELECT user_id FROM orders WHERE ${where}`, args: [id] }),
      // A delivered order's units left the shop with it: deleting its record gives none back.
      giveBackStockStatement(
        `o.id = ? AND o.payment_status = 'unpaid' AND o.order_status <> 'Delivered' ${pending.replace('order_status', 'o.order_status')}`,
        [id],
      ),
      // The store credit it took goes back to its owner (DESIGN.md §19), once.
      giveBackCreditStatement(id, 'order_cancelled', Date.now(), { sql: where, args: [id] }),
      { sql: `DELETE FROM orders WHERE ${where}`, args: [id] },
    ],
    'write',
  );
  return deleted?.rowsAffected ?? 0;
}
