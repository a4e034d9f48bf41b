/**
 * Orders kept for offline reading (persist-queries.ts) on a real IndexedDB implementation
 * (fake-indexeddb): saved once changed, and gone — from IndexedDB and the cache — after sign-out.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { forgetOrderQueries, persistOrderQueries } from './persist-queries';
import { orderKeys } from './query-keys';

const saved = () => get<string>('orders', createStore('taza-haat-queries', 'queries'));

describe('orders kept on this device', () => {
  it('are saved when they change and forgotten on sign-out', async () => {
    const client = new QueryClient();
    await persistOrderQueries(client);
    client.setQueryData(orderKeys.list('asha@example.test'), [{ _id: 'o1', phone: '01711-000000' }]);
    await expect.poll(saved, { timeout: 3_000 }).toContain('01711-000000');

    await forgetOrderQueries();
    expect(await saved()).toBeUndefined();
    expect(client.getQueryData(orderKeys.list('asha@example.test'))).toBeUndefined();
  });
});
