/**
 * A shopper's side of `POST /api/orders` for the fault tests and the bench's fault run: one
 * order with its own Idempotency-Key, retried as the PWA's outbox sender retries (the contract's
 * classifyAnswer: again after a short wait whenever it says `retry`), and the books that check
 * nothing was lost or duplicated.
 */
import type { Client } from '@libsql/client';
import { classifyAnswer } from '../contract/outbox-answer';

/** Sends a request to the API: `path` under the server (e.g. `/api/orders`); `app.request` or a fetch to a base URL. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/** One order a shopper places: its key, bearer token and body. */
export type OrderRequest = { key: string; token: string; body: unknown };

/** One try: when it was answered (epoch ms) and with what, `network` for no HTTP answer. */
export type Attempt = { at: number; status: number | 'network' };

/** How an order ended: the final answer and every try before it. Times are epoch ms. */
export type OrderOutcome = {
  key: string;
  status: number | 'network';
  /** The final answer's order id (when it was 2xx). */
  orderId: string | undefined;
  replayed: boolean;
  startedAt: number;
  answeredAt: number;
  attempts: Attempt[];
};

/** @returns `fetch` to `baseUrl` as a {@link Send}. */
export const sendTo =
  (baseUrl: string): Send =>
  (path, init) =>
    fetch(`${baseUrl}${path}`, init);

/**
 * Posts `order` until it gets an answer the outbox would not retry, waiting `backoffMs` between
 * tries, or until `giveUpAt` (epoch ms; the last try's answer is then the outcome).
 * `onAttempt` sees every try as it happens. @returns the outcome; never throws for HTTP or network failures.
 */
export async function placeOrder(
  send: Send,
  order: OrderRequest,
  options: { backoffMs: number; giveUpAt: number; onAttempt?: (attempt: Attempt) => void },
): Promise<OrderOutcome> {
  const startedAt = Date.now();
  const attempts: Attempt[] = [];
  for (;;) {
    let status: number | 'network' = 'network';
    let body: unknown;
    let replayed = false;
    try {
      const res = await send('/api/orders', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${order.token}`,
          'Idempotency-Key': order.key,
        },
        body: JSON.stringify(order.body),
      });
      status = res.status;
      replayed = res.headers.get('Idempotent-Replayed') === 'true';
      body = await res.json().catch(() => undefined);
    } catch {
      status = 'network';
    }
    const attempt = { at: Date.now(), status };
    attempts.push(attempt);
    options.onAttempt?.(attempt);
    if (classifyAnswer(status) !== 'retry' || attempt.at >= options.giveUpAt) {
      const orderId =
        typeof status === 'number' && status < 300 ? (body as { _id?: string } | undefined)?._id : undefined;
      return { key: order.key, status, orderId, replayed, startedAt, answeredAt: attempt.at, attempts };
    }
    await new Promise((resolve) => setTimeout(resolve, options.backoffMs));
  }
}

/** What the database holds against what the shoppers were told. */
export type OrderBooks = {
  /** Orders acknowledged (2xx) whose id is not in `orders`. */
  lost: number;
  /** Rows in `orders` (of the checked users) beyond one per acknowledged key. */
  duplicates: number;
  /** Keys acknowledged with more than one order id across their answers. */
  answersDisagree: number;
  ordersInDb: number;
  acknowledged: number;
};

/**
 * Compares `outcomes` (every answer each key got) with the `orders` rows of `userIds` in `db`.
 * @returns the books; all zero but the counts means nothing was lost or duplicated.
 */
export async function checkOrderBooks(
  db: Client,
  userIds: readonly string[],
  outcomes: ReadonlyArray<{ key: string; orderId: string | undefined }>,
): Promise<OrderBooks> {
  const placeholders = userIds.map(() => '?').join(', ');
  const { rows } = await db.execute({
    sql: `SELECT id FROM orders WHERE user_id IN (${placeholders})`,
    args: [...userIds],
  });
  const inDb = new Set(rows.map((row) => String(row.id)));
  const idsByKey = new Map<string, Set<string>>();
  for (const { key, orderId } of outcomes) {
    if (orderId === undefined) continue;
    const ids = idsByKey.get(key) ?? new Set<string>();
    ids.add(orderId);
    idsByKey.set(key, ids);
  }
  const acknowledged = [...idsByKey.values()];
  return {
    lost: acknowledged.filter((ids) => [...ids].some((id) => !inDb.has(id))).length,
    duplicates: Math.max(0, rows.length - acknowledged.length),
    answersDisagree: acknowledged.filter((ids) => ids.size > 1).length,
    ordersInDb: rows.length,
    acknowledged: acknowledged.length,
  };
}

/**
 * The longest an order waited after the database came back (ms): for each order that started
 * before a recovery (epoch ms, in `recoveredAt`) and was answered after it, its answer's time
 * minus the last such recovery. Pass the times the database was started again, not when it was
 * seen answering, so its start-up counts as waiting too. @returns 0 when no order spanned a recovery.
 */
export function slowestWaitAfterRecovery(
  outcomes: ReadonlyArray<Pick<OrderOutcome, 'startedAt' | 'answeredAt'>>,
  recoveredAt: readonly number[],
): number {
  let slowest = 0;
  for (const { startedAt, answeredAt } of outcomes) {
    const last = Math.max(...recoveredAt.filter((at) => at > startedAt && at <= answeredAt));
    if (Number.isFinite(last)) slowest = Math.max(slowest, answeredAt - last);
  }
  return slowest;
}
