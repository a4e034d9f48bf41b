/**
 * The outbox's rows in IndexedDB (db.ts). Queuing an order writes its row and empties the cart
 * in one IndexedDB transaction, with no network call inside it: either both happen or neither.
 * Sending is sender.ts's job; screens go through submit.ts.
 */
import { ID_TOKEN_META } from '../../storage-keys';
import { db } from '../db';
import type { OutboxItem, OutboxKind, OutboxPayload } from './protocol';

/**
 * Adds a write of `kind` for `userEmail` under Idempotency-Key `key`; in the same transaction
 * `clearCart` also empties the cart, and `replaces` removes the item with that key (a refused
 * order sent again as a new one).
 * @returns the stored item. @throws Dexie's error when IndexedDB is unavailable or `key` is taken.
 */
export async function enqueue<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayload<K>,
  userEmail: string,
  options: { key?: string; clearCart?: boolean; replaces?: string } = {},
): Promise<OutboxItem> {
  const now = Date.now();
  const item = {
    key: options.key ?? crypto.randomUUID(),
    kind,
    userEmail: userEmail.toLowerCase(),
    payload,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    status: 'waiting',
  } as OutboxItem;
  await db.transaction('rw', db.outbox, db.cart, async () => {
    item.seq = await db.outbox.add(item);
    if (options.clearCart) await db.cart.clear();
    if (options.replaces) await db.outbox.where('key').equals(options.replaces).delete();
  });
  return item;
}

/** The item with Idempotency-Key `key`, as it is now (undefined when there is none). */
export const outboxItem = (key: string) => db.outbox.where('key').equals(key).first();

/** Removes the item with Idempotency-Key `key` (one the shopper replaced or gave up); nothing when there is none. */
export async function dismiss(key: string): Promise<void> {
  await db.outbox.where('key').equals(key).delete();
}

/**
 * Removes every item of `email`'s account, sent or not (a waiting order holds the shopper's phone
 * and address; answered ones their lines and receipts): on sign-out, whoever started it. Other
 * accounts' items stay.
 */
export async function forgetOutboxOf(email: string): Promise<void> {
  await db.outbox.where('userEmail').equals(email.toLowerCase()).delete();
}

/** Stores the ID token for the service worker's Background Sync runs (removed on sign-out). */
export async function storeIdTokenForSync(token: string | undefined): Promise<void> {
  if (token) await db.meta.put({ key: ID_TOKEN_META, value: token });
  else await db.meta.delete(ID_TOKEN_META);
}

/** The last ID token the page stored (for the service worker, which has no Firebase SDK). */
export async function storedIdToken(): Promise<string | undefined> {
  return (await db.meta.get(ID_TOKEN_META))?.value;
}
