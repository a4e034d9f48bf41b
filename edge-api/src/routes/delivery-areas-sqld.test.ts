/**
 * Delivery areas over a real libSQL server (sqld over HTTP), on both clients the API runs on
 * (Node, and Workers' web client): the list and its ETag, a change, and ten admins adding an area
 * of the same name at once — each gets its own id, none is overwritten. Skipped, with the
 * reason, where the sqld binary is not installed.
 */
import { createClient as createNodeClient } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { deliveryAreaSchema } from '../contract/delivery-area';
import { sqldMissing } from '../testing/processes';
import { startSqldTestDb, type SqldTestDb } from '../testing/sqld-test-db';
import '../testing/test-logs'; // the apps' log lines are collected, not printed
import { emulatorToken } from '../testing/tokens';

const missing = sqldMissing();
const ADMIN = { uid: 'uid-sqld-admin', email: 'sqld.admin@example.test', name: 'Sqld Admin' };
const clients = [
  { runtime: 'Node (@libsql/client)', name: 'Hazaribagh', open: (url: string) => createNodeClient({ url }) },
  { runtime: 'Workers (@libsql/client/web)', name: 'Kamrangirchar', open: (url: string) => createWebClient({ url }) },
];

describe.skipIf(missing !== undefined)(`delivery areas over sqld${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let t: SqldTestDb;
  beforeAll(async () => {
    t = await startSqldTestDb({ ADMIN_EMAILS: ADMIN.email });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it.each(clients)(
    'on $runtime: lists, changes, and gives ten areas of one name added at once ten ids',
    async ({ open, name }) => {
      const db = open(t.url);
      try {
        const app = createApp({ db, config: t.config });
        const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
          app.request(path, {
            method,
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${emulatorToken(ADMIN)}`,
              ...headers,
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
        const list = await call('GET', '/api/delivery-areas');
        expect(list.status).toBe(200);
        expect(deliveryAreaSchema.array().parse(await list.json()).length).toBeGreaterThanOrEqual(20);
        const etag = list.headers.get('ETag') ?? '';
        expect((await call('GET', '/api/delivery-areas', undefined, { 'If-None-Match': etag })).status).toBe(304);

        const changed = await call('PUT', '/api/delivery-areas/tongi', { slots: ['09:00', '19:00'], fee: 110 });
        expect(changed.status).toBe(200);
        expect(deliveryAreaSchema.parse(await changed.json())).toMatchObject({ slots: ['09:00', '19:00'], fee: 110 });

        const added = await Promise.all(
          Array.from({ length: 10 }, () => call('POST', '/api/delivery-areas', { name, nameBn: 'এলাকা', thana: name })),
        );
        expect(added.map((res) => res.status)).toEqual(Array(10).fill(201));
        const ids = await Promise.all(added.map(async (res) => deliveryAreaSchema.parse(await res.json()).id));
        const slug = name.toLowerCase();
        expect(new Set(ids)).toEqual(new Set([slug, ...Array.from({ length: 9 }, (_, i) => `${slug}-${i + 2}`)]));
      } finally {
        db.close();
      }
    },
    30_000,
  );
});
