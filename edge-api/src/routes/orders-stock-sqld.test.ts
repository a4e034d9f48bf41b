/**
 * Counted stock over a real libSQL server (sqld over HTTP), where concurrent orders really
 * overlap between reading the stock and committing: 50 shoppers at once for a product's last 10
 * units get exactly 10 units sold, never more, on both clients the API runs on (DESIGN.md §4).
 * Skipped, with the reason, where the sqld binary is not installed.
 */
import { createClient as createNodeClient } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { findProducts, insertProduct } from '../db/products';
import { sqldMissing } from '../testing/processes';
import { startSqldTestDb, type SqldTestDb } from '../testing/sqld-test-db';
import { orderBody } from '../testing/test-app';
import '../testing/test-logs'; // the apps' log lines are collected, not printed
import { emulatorToken, type TokenClaims } from '../testing/tokens';

const missing = sqldMissing();
const SHOPPERS = 50;
const LAST_UNITS = 10;
const clients = [
  { runtime: 'Node (@libsql/client)', open: (url: string) => createNodeClient({ url }) },
  { runtime: 'Workers (@libsql/client/web)', open: (url: string) => createWebClient({ url }) },
];

describe.skipIf(missing !== undefined)(`counted stock over sqld${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let t: SqldTestDb;
  beforeAll(async () => {
    // Slots with room for everyone: only the stock is contended here.
    t = await startSqldTestDb({ DELIVERY_SLOT_CAPACITY: '1000' });
  }, 30_000);
  afterAll(() => t.stop());

  it.each(clients)(
    `on $runtime: ${SHOPPERS} shoppers ordering the last ${LAST_UNITS} units at once buy exactly ${LAST_UNITS}; the rest are refused with none available`,
    async ({ open }) => {
      const mango = await insertProduct(t.db, {
        name: `Last mangoes ${crypto.randomUUID()}`,
        price: 120,
        image: '/products/mango.webp',
        category: 'fruit',
        stock: LAST_UNITS,
      });
      const db = open(t.url);
      try {
        const app = createApp({ db, config: t.config });
        const shoppers: TokenClaims[] = Array.from({ length: SHOPPERS }, (_, i) => ({
          uid: `uid-shopper-${i}`,
          email: `shopper${i}@example.test`,
          name: `Shopper ${i}`,
        }));
        const bodies = await Promise.all(
          shoppers.map(async (shopper) => ({
            ...(await orderBody(t, shopper, 1)),
            orderedProduct: [{ _id: mango._id, cartQuantity: 1 }],
          })),
        );
        const answers = await Promise.all(
          shoppers.map((shopper, i) =>
            app.request('/api/orders', {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Authorization: `Bearer ${emulatorToken(shopper)}`,
                'Idempotency-Key': crypto.randomUUID(),
              },
              body: JSON.stringify(bodies[i]),
            }),
          ),
        );
        const statuses = answers.map((res) => res.status);
        expect(statuses.filter((status) => status === 201)).toHaveLength(LAST_UNITS);
        expect(statuses.filter((status) => status === 409)).toHaveLength(SHOPPERS - LAST_UNITS);
        const refusals = await Promise.all(answers.filter((res) => res.status === 409).map((res) => res.json()));
        for (const refusal of refusals)
          expect(refusal).toMatchObject({
            error: { code: 'out_of_stock', details: { products: [{ _id: mango._id, available: 0 }] } },
          });
        // Sold: the orders stored that hold the product, and the stock left.
        const { rows } = await t.db.execute({
          sql: `SELECT count(*) AS n FROM orders, json_each(orders.ordered_product) AS line
                WHERE json_extract(line.value, '$._id') = ?`,
          args: [mango._id],
        });
        expect(Number(rows[0]?.n)).toBe(LAST_UNITS);
        expect((await findProducts(t.db, [mango._id])).get(mango._id)).toMatchObject({ stock: 0, inStock: false });
      } finally {
        db.close();
      }
    },
    60_000,
  );
});
