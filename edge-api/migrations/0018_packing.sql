-- Packing (DESIGN.md §17): an order may be Packed (a value of allowed_values' 'order_status' list,
-- written from the contract's list when the database is prepared: no CHECK to change, 0014),
-- weighed lines give it a ceiling, and packing fixes its final bill.
-- `max_amount`: whole Tk, the most the order can cost once weighed lines are packed (what a
-- prepaid order is charged); NULL for orders placed before this (db/orders.ts reads total_amount).
-- `final_amount`: whole Tk, the final bill (≤ max_amount); NULL until packed.
-- `packing`: JSON {packedAt, lines: [{_id, found, packedGrams, finalPrice, substitute?}]}; NULL until packed.
-- `refunded_poisha`: what the payment providers returned of this order's payment so far (a
-- packing's partial refund, a cancel's rest), as recorded in `refunds`; NULL for none.
ALTER TABLE orders ADD COLUMN max_amount INTEGER
  CHECK (max_amount IS NULL OR (max_amount > 0 AND max_amount = CAST(max_amount AS INTEGER)));
ALTER TABLE orders ADD COLUMN final_amount INTEGER
  CHECK (final_amount IS NULL OR (final_amount >= 0 AND final_amount = CAST(final_amount AS INTEGER)));
ALTER TABLE orders ADD COLUMN packing TEXT CHECK (packing IS NULL OR json_valid(packing));
ALTER TABLE orders ADD COLUMN refunded_poisha INTEGER
  CHECK (refunded_poisha IS NULL OR (refunded_poisha >= 0 AND refunded_poisha = CAST(refunded_poisha AS INTEGER)));

-- The refunds ledger (0013) takes reason 'packing' (a packed order's maxAmount − finalAmount).
-- SQLite cannot change a CHECK, so it is rebuilt: create, copy every row, drop, rename, and its
-- index (0013) again. No trigger, view or foreign key refers to it. `claimed_ms`: when a packing
-- refund's current attempt was claimed (epoch ms); 0 when that attempt ended with no known
-- outcome (the next request takes it over at once); NULL for the other reasons, whose claim is
-- their order's (cancel) or their updated_at (stray).
CREATE TABLE refunds_new (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL,
  method        TEXT NOT NULL,
  payment_ref   TEXT NOT NULL,
  -- Poisha (1 Tk = 100 poisha), as Stripe counts; bKash is sent Tk with 2 decimals.
  amount_poisha INTEGER NOT NULL CHECK (amount_poisha > 0),
  reason        TEXT NOT NULL CHECK (reason IN ('cancel', 'stray', 'packing')),
  status        TEXT NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'done', 'failed')),
  attempts      INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  provider_ref  TEXT,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  claimed_ms    INTEGER
);
INSERT INTO refunds_new (id, order_id, method, payment_ref, amount_poisha, reason, status, attempts, provider_ref,
                         created_at, updated_at)
  SELECT id, order_id, method, payment_ref, amount_poisha, reason, status, attempts, provider_ref, created_at, updated_at
  FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_new RENAME TO refunds;
CREATE INDEX refunds_order ON refunds (order_id, created_at);

-- Sales count a packed order's final bill (DESIGN.md §12, §17): the sales index (0012) covers
-- final_amount too, so the report still reads that index alone.
DROP INDEX IF EXISTS orders_placed_sales;
CREATE INDEX orders_placed_sales ON orders (created_at, order_status, total_amount, final_amount);
