/**
 * A sign-out forgets what the device kept for the account: the kept order queries
 * (idb-keyval's `orders` entry, persist-queries.ts) and that account's outbox items, sent or not;
 * another account's items stay. On a real IndexedDB implementation (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import type { OrderInput } from '@contract/order';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { forgetAccount } from './forget-account';
import type { UnsentItem } from './outbox/protocol';
import { enqueue } from './outbox/store';

const order = (email: string): OrderInput => ({
  customerName: 'Asha Rahman',
  email,
  phone: '01711-000000',
  areaId: 'dhanmondi',
  address: 'House 1, Road 2',
  orderedProduct: [{ _id: 'p1', cartQuantity: 1 }],
});
// Where persist-queries.ts keeps the order queries.
const queries = () => createStore('taza-haat-queries', 'queries');

beforeEach(async () => {
  await db.open();
  await db.outbox.clear();
});
afterEach(() => db.close());

describe('forgetAccount', () => {
  it("removes the kept order queries and the account's outbox items, waiting, refused or sent", async () => {
    await set('orders', JSON.stringify({ clientState: { queries: [{ queryKey: ['orders'] }] } }), queries());
    const waiting = await enqueue('order', order('asha@example.test'), 'Asha@Example.test');
    const refused = await enqueue('order', order('asha@example.test'), 'asha@example.test');
    const sent = await enqueue('review', { review: 'Fresh', rating: 5 }, 'asha@example.test');
    await db.outbox.update(
      refused.seq as number,
      { status: 'failed', note: 'refused', httpStatus: 409 } as Partial<UnsentItem>,
    );
    await db.outbox.update(sent.seq as number, { status: 'sent' });
    const other = await enqueue('order', order('babul@example.test'), 'babul@example.test');

    await forgetAccount('ASHA@example.test');

    expect(await get('orders', queries())).toBeUndefined();
    expect((await db.outbox.toArray()).map((item) => item.key)).toEqual([other.key]);
    expect([waiting.key, refused.key, sent.key]).not.toContain(other.key);
  });

  it('resolves when there is nothing to forget', async () => {
    await expect(forgetAccount('nobody@example.test')).resolves.toBeUndefined();
  });
});
