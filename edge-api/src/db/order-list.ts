/**
 * Lists of orders (DESIGN.md §3): keyset-paged newest first on (created_at, id), one index per
 * filter (migration 0003), so a first page costs the same at 1k or 100k orders; a text search
 * examines a bounded window per page.
 */
import type { Client, InStatement, InValue } from '@libsql/client';
import type { OrderStatus } from '../contract/delivery';
import type { Order } from '../contract/order';
import type { Cursor } from './cursor';
import { ORDER_COLUMNS, toOrder } from './order-row';

/**
 * Which orders a list shows: one account's (`userId`, the placing token's uid), the orders with
 * an e-mail (`email`, the admin's look-up), a state, a slot id, and text `q` in name, e-mail or phone.
 */
export type OrderFilter = { userId?: string; email?: string; status?: OrderStatus; slot?: string; q?: string };

/** One page: at most `limit` orders after `after` (from the start when absent). */
type PageRequest = { limit: number; after?: Cursor };

/** A page of orders and, when more may follow, the cursor of the next page. */
type OrderPage = { orders: Order[]; next?: Cursor };

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
      rows: {
        sql: `SELECT ${ORDER_COLUMNS} FROM orders ${where} ${NEWEST_FIRST} LIMIT ?`,
        args: [...args, page.limit + 1],
      },
    };
  const like = likeContains(filter.q);
  // The window is read newest first and the matching stops at `limit + 1`: a page costs the
  // orders up to its last match (at most the window), whatever the table's size. Both
  // subqueries run as co-routines, which yield rows in the window's ORDER BY order, so the
  // matches taken are the newest; CROSS JOIN keeps them the outer loop (else the planner may
  // walk every order to skip the final sort). query-plan.test.ts checks the plan.
  return {
    rows: {
      sql: `SELECT ${ORDER_COLUMNS} FROM (
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
