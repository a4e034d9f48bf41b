/**
 * The service worker's sender on a real IndexedDB implementation (fake-indexeddb): it never
 * creates the shop's database, and the page's live queries see the rows it writes once the page
 * hears of its run (db.ts outboxChangedElsewhere). The sending rules themselves are sender.test.ts's.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_NAME } from '../../storage-keys';
import { db, liveQuery, outboxChangedElsewhere } from '../db';
import { isUnsent } from './protocol';
import { enqueue } from './store';
import { sendOutbox } from './worker-sender';

const asha = 'asha@example.test';
const token = async () => `x.${Buffer.from(JSON.stringify({ email: asha })).toString('base64url')}.y`;
const created = (async () => Response.json({ _id: 'o1' }, { status: 201 })) as unknown as typeof fetch;

afterEach(() => db.close());

describe('the service worker’s outbox sender', () => {
  it('sends nothing and creates no database on a device that never opened the shop’s', async () => {
    db.close();
    await db.delete();
    expect(await sendOutbox(token, created)).toBe(0);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(DB_NAME);
  });

  it('shows its writes in the page’s live queries once the page hears of its run', async () => {
    await db.open();
    await db.outbox.clear();
    await enqueue('review', { review: 'Fresh', rating: 5 }, asha);
    const seen: number[] = [];
    const subscription = liveQuery(async () => (await db.outbox.toArray()).filter(isUnsent).length).subscribe(
      (unsent) => seen.push(unsent),
    );
    await expect.poll(() => seen.at(-1)).toBe(1);
    expect(await sendOutbox(token, created)).toBe(1);
    outboxChangedElsewhere();
    await expect.poll(() => seen.at(-1)).toBe(0);
    subscription.unsubscribe();
  });
});
