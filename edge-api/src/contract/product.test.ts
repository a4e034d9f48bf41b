/**
 * The price rule (contract/product.ts priceField) over every price from 0.01 to 999.99 Tk, all
 * 99,999 of them: each is accepted as a number and as text, read as exactly that many poisha,
 * and comes back unchanged from a libSQL REAL column (products.price's type); a third decimal is
 * refused.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db';
import { priceCart, toPoisha } from './pricing';
import { priceField } from './product';

const EVERY_POISHA = Array.from({ length: 99_999 }, (_, i) => i + 1);
/** `poisha` as the admin's form writes it: "19.99", "2.20", "0.05". */
const asText = (poisha: number) => `${Math.floor(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

describe('price rule', () => {
  it('accepts every price from 0.01 to 999.99 Tk, as a number and as text, as exactly that many poisha', () => {
    const refused: string[] = [];
    for (const poisha of EVERY_POISHA) {
      for (const input of [poisha / 100, asText(poisha)]) {
        const parsed = priceField.safeParse(input);
        if (!parsed.success || parsed.data !== poisha / 100 || toPoisha(parsed.data) !== poisha)
          refused.push(String(input));
      }
    }
    expect(refused).toEqual([]);
    // The pricing rule reads each as its poisha too (one of it in a cart).
    expect(
      EVERY_POISHA.filter((poisha) => priceCart([{ price: poisha / 100, cartQuantity: 1 }]).cartTotal !== poisha / 100),
    ).toEqual([]);
  });

  it('stores and returns every such price unchanged in a libSQL REAL column', async () => {
    await t.db.execute('CREATE TABLE prices (poisha INTEGER PRIMARY KEY, price REAL NOT NULL)');
    for (let start = 0; start < EVERY_POISHA.length; start += 5_000) {
      const chunk = EVERY_POISHA.slice(start, start + 5_000);
      await t.db.execute({
        sql: `INSERT INTO prices (poisha, price) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
        args: chunk.flatMap((poisha) => [poisha, priceField.parse(asText(poisha))]),
      });
    }
    const { rows } = await t.db.execute('SELECT poisha, price FROM prices ORDER BY poisha');
    expect(rows).toHaveLength(EVERY_POISHA.length);
    const changed = rows.filter((row) => JSON.stringify(row.price) !== JSON.stringify(Number(row.poisha) / 100));
    expect(changed).toEqual([]);
  });

  it('refuses any price with a third decimal, as a number and as text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }).filter((thousandths) => thousandths % 10 !== 0),
        (thousandths) => {
          const text = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
          for (const input of [thousandths / 1000, text]) {
            const parsed = priceField.safeParse(input);
            expect(parsed.success).toBe(false);
            expect(parsed.error?.issues.map((issue) => issue.message)).toContain('At most 2 decimal places (poisha)');
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
