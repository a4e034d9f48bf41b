/**
 * The reports' queries read one index range each (EXPLAIN QUERY PLAN), so the dawn board and the
 * export cost the same at 1k or 100k orders for the same days (DESIGN.md §12; bench figure 11).
 * The SQL is db/reports.ts's own, so a change to a query is checked here.
 */
import type { InStatement } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, queryPlan, type TestDb } from '../testing/test-db';
import {
  creditGivenStatement,
  exportPageStatement,
  purchaseListStatement,
  salesStatement,
  slotCountsStatement,
} from './reports';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

const plan = (statement: InStatement) => queryPlan(t.db, statement);
const DAY = 24 * 60 * 60_000;
const from = Date.parse('2026-11-11T00:00:00+06:00');

describe('report query plans', () => {
  it('sums sales per day from a range of the orders_placed_sales index', async () => {
    expect(await plan(salesStatement(from, from + 14 * DAY))).toBe(
      'SEARCH orders USING INDEX orders_placed_sales (created_at>? AND created_at<?)\nUSE TEMP B-TREE FOR GROUP BY',
    );
  });

  it('sums the store credit given per day from the ledger’s problem entries only', async () => {
    expect(await plan(creditGivenStatement(from, from + 14 * DAY))).toMatch(
      /^SEARCH credit_ledger USING INDEX credit_ledger_once \(reason=\?\)/,
    );
  });

  it('finds a day’s deliveries by two seeks of orders_slot_created: the day’s slots, and orders without one placed that day', async () => {
    const detail = await plan(purchaseListStatement('2026-11-24'));
    expect(detail).toContain('SEARCH orders USING INDEX orders_slot_created (slot_id>? AND slot_id<?)');
    expect(detail).toContain(
      'SEARCH orders USING INDEX orders_slot_created (slot_id=? AND created_at>? AND created_at<?)',
    );
    expect(detail).not.toMatch(/SCAN orders/);
    // The products are looked up by id for the day's few rows, never scanned.
    expect(detail).toContain('SEARCH products USING INDEX sqlite_autoindex_products_1 (id=?)');
  });

  it('reads a day’s slot places by one range of slot_places alone', async () => {
    expect(await plan(slotCountsStatement('2026-11-24'))).toBe(
      'SEARCH slot_places USING PRIMARY KEY (slot_id>? AND slot_id<?)',
    );
  });

  it('pages the export oldest first through orders_created, seeking each page’s start, without sorting', async () => {
    for (const after of [undefined, { createdAt: from + DAY, id: 'order-id' }]) {
      // The rider's name (DESIGN.md §18) is one primary-key lookup per order.
      expect(await plan(exportPageStatement(from, from + 30 * DAY, after))).toBe(
        [
          'SEARCH o USING INDEX orders_created (created_at>? AND created_at<?)',
          'SEARCH a USING INDEX sqlite_autoindex_accounts_1 (uid=?) LEFT-JOIN',
        ].join('\n'),
      );
    }
    // The page after a cursor starts at the cursor's millisecond, not at `from`.
    const { args } = exportPageStatement(from, from + 30 * DAY, { createdAt: from + DAY, id: 'x' }) as {
      args: unknown[];
    };
    expect(args[0]).toBe(from + DAY);
  });
});
