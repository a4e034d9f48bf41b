/**
 * An order takes its delivery area from the areas' snapshot (delivery/areas.ts orderArea), and an
 * admin's change to the area is seen by the very next order wherever it was made: two apps over
 * one database, as two Worker isolates (or two Node processes) each with its own snapshot, the
 * shopper's kept for a minute. On a libSQL file (Node's client) and over sqld with
 * `@libsql/client/web` (Workers'); the sqld half is skipped, with the reason, without its binary.
 */
import type { Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppConfig } from '../config';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';
import type { Order } from '../contract/order';
import { ActiveAreasCache } from '../delivery/area-list';
import { upsertAdminUser } from '../db/users';
import { sqldMissing } from '../testing/processes';
import { startSqldTestDb } from '../testing/sqld-test-db';
import { admin, customerA, orderBody } from '../testing/test-app';
import { createTestDb, type TestDb } from '../testing/test-db';
import { emulatorToken, type TokenClaims } from '../testing/tokens';

/** A database for the two apps: the test database (its `db` for the checks) and how an app's client is opened. */
type Setup = { t: TestDb; openClient: () => Client; stop: () => Promise<void> };

const fileSetup = async (): Promise<Setup> => {
  const t = await createTestDb({ env: { FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST } });
  return { t, openClient: () => t.db, stop: async () => t.cleanup() };
};

const sqldSetup = async (): Promise<Setup> => {
  const t = await startSqldTestDb();
  const clients: Client[] = [];
  return {
    t,
    openClient: () => {
      const client = createWebClient({ url: t.url });
      clients.push(client);
      return client;
    },
    stop: async () => {
      for (const client of clients) client.close();
      await t.stop();
    },
  };
};

const missing = sqldMissing();
const runtimes = [
  { runtime: 'a libSQL file (Node)', setup: fileSetup, skip: undefined },
  { runtime: 'sqld with @libsql/client/web (Workers)', setup: sqldSetup, skip: missing },
];

/** How long the shopper's app keeps its snapshot (ms): longer than any test, so only a fresh read shows a change. */
const KEPT_MS = 60_000;

describe.each(runtimes)('an order’s delivery area on $runtime', ({ setup, skip }) => {
  let s: Setup;
  let call: (
    app: ReturnType<typeof createApp>,
    user: TokenClaims,
    method: string,
    path: string,
    body: unknown,
  ) => Promise<Response>;
  let adminApp: ReturnType<typeof createApp>;
  let shopApp: ReturnType<typeof createApp>;
  let config: AppConfig;

  beforeAll(async () => {
    if (skip !== undefined) return;
    s = await setup();
    config = s.t.config;
    await upsertAdminUser(s.t.db, admin.email, admin.name ?? '');
    adminApp = createApp({ db: s.openClient(), config });
    const shopDb = s.openClient();
    shopApp = createApp({ db: shopDb, config, areas: new ActiveAreasCache(shopDb, KEPT_MS) });
    call = async (app, user, method, path, body) =>
      app.request(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${emulatorToken(user, config.firebaseProjectId)}`,
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
  }, 30_000);
  afterAll(async () => {
    await s?.stop();
  });

  const order = async () => call(shopApp, customerA, 'POST', '/api/orders', await orderBody(s.t, customerA));
  const changeArea = async (edit: Record<string, unknown>) => {
    const res = await call(adminApp, admin, 'PUT', '/api/delivery-areas/dhanmondi', edit);
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it.skipIf(skip !== undefined)(
    `charges the fee an admin set elsewhere a moment ago${skip ? ` — skipped: ${skip}` : ''}`,
    async () => {
      const first = await order();
      expect(first.status).toBe(201);
      const fee = ((await first.json()) as Order).shipping;
      await changeArea({ fee: fee + 37 });
      const next = await order();
      expect(next.status, await next.clone().text()).toBe(201);
      expect(((await next.json()) as Order).shipping).toBe(fee + 37);
    },
  );

  it.skipIf(skip !== undefined)(
    `refuses an area switched off elsewhere a moment ago, and serves it once switched on again${skip ? ` — skipped: ${skip}` : ''}`,
    async () => {
      expect((await order()).status).toBe(201);
      await changeArea({ active: false });
      const refused = await order();
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('area_not_served');
      await changeArea({ active: true });
      expect((await order()).status).toBe(201);
    },
  );
});
