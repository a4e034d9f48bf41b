/**
 * Queues orders and reviews in the outbox (db.ts). Placing an order writes the outbox row and
 * empties the cart in one IndexedDB transaction, with no network call inside it: either both
 * happen or neither. Sending is sender.ts's job.
 */
import { db, type OutboxItem, type OutboxKind } from './db';

/** Adds a write for `userEmail`; `clearCart` also empties the cart in the same transaction. */
export async function enqueue(kind: OutboxKind, payload: unknown, userEmail: string, options: { key?: string; clearCart?: boolean } = {}): Promise<OutboxItem> {
  const now = Date.now();
  const item: OutboxItem = { key: options.key ?? crypto.randomUUID(), kind, userEmail: userEmail.toLowerCase(), payload, createdAt: now, attempts: 0, nextAttemptAt: now, status: 'waiting' };
  await db.transaction('rw', db.outbox, db.cart, async () => {
    item.seq = await db.outbox.add(item);
    if (options.clearCart) await db.cart.clear();
  });
  return item;
}

/** The item with Idempotency-Key `key`, as it is now. */
export const outboxItem = (key: string) => db.outbox.where('key').equals(key).first();

/** Stores the ID token for the service worker's Background Sync runs (removed on sign-out). */
export async function storeIdTokenForSync(token: string | undefined): Promise<void> {
  if (token) await db.meta.put({ key: 'idToken', value: token });
  else await db.meta.delete('idToken');
}
