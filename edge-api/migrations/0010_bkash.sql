-- bKash (DESIGN.md §10): an order may be paid with bKash, and each bKash payment is kept, so its
-- execute is asked of bKash exactly once (a conditional claim, db/bkash-payments.ts) however
-- many callbacks arrive, and a refund finds the payment bKash refunds by.

-- SQLite cannot change a CHECK, so `orders` is rebuilt to take payment_method 'bkash': create,
-- copy every column, drop, rename, then every index (0005, 0006) and the trigger (0005) that went
-- with the old table. No view or foreign key refers to it.
CREATE TABLE orders_new (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  customer_name   TEXT NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 80),
  email           TEXT NOT NULL,
  phone           TEXT NOT NULL,
  address         TEXT NOT NULL,
  order_status    TEXT NOT NULL DEFAULT 'Pending'
                  CHECK (order_status IN ('Pending', 'Approved', 'Out for delivery', 'Delivered', 'Cancelled')),
  -- Tk, whole number: the subtotal of DESIGN.md §4 (ceil of cart total + shipping + tax).
  total_amount    INTEGER NOT NULL CHECK (total_amount > 0),
  -- The browser's locale date string, kept as sent (spec §3); created_at is the server's clock.
  order_date      TEXT NOT NULL,
  -- JSON array of line-item snapshots: [{_id, name, price, image, unit, unitSize, cartQuantity}].
  ordered_product TEXT NOT NULL CHECK (json_valid(ordered_product)),
  payment_method  TEXT NOT NULL DEFAULT 'cod' CHECK (payment_method IN ('cod', 'card', 'bkash')),
  -- 'refunding': a refund was asked of the provider at refund_started_ms and its answer is not
  -- recorded yet (the API shows it as 'paid'); db/orders.ts claims it so two cancels refund once.
  payment_status  TEXT NOT NULL DEFAULT 'unpaid'
                  CHECK (payment_status IN ('unpaid', 'paid', 'refunding', 'refunded', 'disputed')),
  -- The provider's payment id (Stripe: the PaymentIntent, pi_…; bKash: the trxID); NULL until paid.
  payment_ref     TEXT,
  refund_started_ms INTEGER,
  created_at      INTEGER NOT NULL,
  -- The delivery slot (DESIGN.md §8): its id (its start in ISO 8601 with the shop's offset, e.g.
  -- 2026-11-22T09:00:00+06:00) and its bounds in epoch ms; all NULL for orders placed before slots.
  slot_id         TEXT,
  slot_start_ms   INTEGER,
  slot_end_ms     INTEGER,
  CHECK ((slot_id IS NULL) = (slot_start_ms IS NULL) AND (slot_id IS NULL) = (slot_end_ms IS NULL)),
  CHECK (slot_end_ms IS NULL OR slot_end_ms > slot_start_ms),
  CHECK ((payment_status = 'refunding') = (refund_started_ms IS NOT NULL))
);
INSERT INTO orders_new (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
                        ordered_product, payment_method, payment_status, payment_ref, refund_started_ms, created_at,
                        slot_id, slot_start_ms, slot_end_ms)
  SELECT id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
         ordered_product, payment_method, payment_status, payment_ref, refund_started_ms, created_at,
         slot_id, slot_start_ms, slot_end_ms
  FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

-- The indexes of migrations 0005 and 0006, as they were.
CREATE INDEX orders_email_created ON orders (email, created_at DESC, id DESC);
CREATE INDEX orders_created ON orders (created_at DESC, id DESC, customer_name, email, phone);
CREATE INDEX orders_status_created ON orders (order_status, created_at DESC, id DESC);
CREATE INDEX orders_slot_created ON orders (slot_id, created_at DESC, id DESC);
CREATE INDEX orders_payment_ref ON orders (payment_ref) WHERE payment_ref IS NOT NULL;
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC, id DESC);

-- A deleted order takes its timeline with it, however it is deleted (dropped with the old table).
CREATE TRIGGER orders_deleted AFTER DELETE ON orders
BEGIN
  DELETE FROM order_status_history WHERE order_id = OLD.id;
END;

-- One row per payment bKash created for an order (`payment_id` is bKash's paymentID). `status`:
-- 'created' (the shopper is on bKash's page); 'executing' (one callback claimed it and asked
-- bKash to execute it at updated_at: no other callback executes it); 'completed' (paid: trx_id is
-- bKash's trxID, also the order's payment_ref); 'failed' or 'cancelled' (status_code is bKash's
-- statusCode when bKash refused); 'refunded' (returned to the shopper: its order was cancelled,
-- or could not take it — a wrong amount or invoice, an order already paid, cancelled or gone).
-- Kept when its order is deleted: a payment is money's record, not the order's.
CREATE TABLE bkash_payments (
  payment_id  TEXT PRIMARY KEY,
  order_id    TEXT NOT NULL,
  -- What bKash was asked to charge, as sent: Tk with 2 decimals ("443.00").
  amount      TEXT NOT NULL,
  status      TEXT NOT NULL DEFAULT 'created'
              CHECK (status IN ('created', 'executing', 'completed', 'failed', 'cancelled', 'refunded')),
  trx_id      TEXT,
  status_code TEXT,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  CHECK (status <> 'completed' OR trx_id IS NOT NULL)
);
-- An order's payments (its refund finds the completed one).
CREATE INDEX bkash_payments_order ON bkash_payments (order_id, created_at);
