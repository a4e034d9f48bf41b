/**
 * The service worker's outbox client (idb-outbox.ts) against fake-indexeddb: it never makes the
 * shop's database, and it reads what the page's Dexie wrote (the sender's own runs over both
 * clients are in sender.test.ts).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_NAME } from '../../storage-keys';
import { db } from '../db';
import { idbOutbox } from './idb-outbox';
import { enqueue, storeIdTokenForSync } from './store';

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the service worker’s outbox client', () => {
  it('answers nothing, and makes no database, on a phone whose page never opened one', async () => {
    await db.delete();
    expect(await idbOutbox.waiting()).toEqual([]);
    expect(await idbOutbox.idToken()).toBeUndefined();
    expect((await indexedDB.databases()).map((known) => known.name)).not.toContain(DB_NAME);
  });

  it('reads the waiting rows and the token the page stored, and its writes are what the page reads', async () => {
    await db.open();
    const first = await enqueue('review', { review: 'Fresh', rating: 5 }, 'asha@example.test');
    const second = await enqueue('review', { review: 'Good', rating: 4 }, 'asha@example.test');
    await storeIdTokenForSync('token-1');
    expect((await idbOutbox.waiting()).map((item) => item.key)).toEqual([first.key, second.key]);
    expect(await idbOutbox.idToken()).toBe('token-1');
    await idbOutbox.update(first.seq as number, { note: 'busy', attempts: 1 });
    expect(await db.outbox.get(first.seq as number)).toMatchObject({ key: first.key, note: 'busy', attempts: 1 });
  });
});
