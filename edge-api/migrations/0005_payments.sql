-- Paid orders are never lost (DESIGN.md §6, §10): cancelling a paid order refunds it and keeps it
-- as Cancelled with payment 'refunded'; a card payment's dispute is kept as 'disputed'. The card
-- payment's reference (Stripe's PaymentIntent id) is stored, so a refund and Stripe's refund and
-- dispute events find their order.

-- SQLite cannot change a CHECK, so both tables are rebuilt: create, copy, drop, rename, then the
-- indexes and the trigger that went with the old tables. No view or foreign key refers to them.
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
  -- JSON array of line-item snapshots: [{_id, name, price, image, cartQuantity}].
  ordered_product TEXT NOT NULL CHECK (json_valid(ordered_product)),
  payment_method  TEXT NOT NULL DEFAULT 'cod' CHECK (payment_method IN ('cod', 'card')),
  -- 'refunding': a refund was asked of the provider at refund_started_ms and its answer is not
  -- recorded yet (the API shows it as 'paid'); db/orders.ts claims it so two cancels refund once.
  payment_status  TEXT NOT NULL DEFAULT 'unpaid'
                  CHECK (payment_status IN ('unpaid', 'paid', 'refunding', 'refunded', 'disputed')),
  -- The provider's payment id (Stripe: the PaymentIntent, pi_…); NULL until paid.
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
                        ordered_product, payment_method, payment_status, created_at, slot_id, slot_start_ms, slot_end_ms)
  SELECT id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
         ordered_product, payment_method, payment_status, created_at, slot_id, slot_start_ms, slot_end_ms
  FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

-- The indexes of migration 0003, as they were.
CREATE INDEX orders_email_created ON orders (email, created_at DESC, id DESC);
CREATE INDEX orders_created ON orders (created_at DESC, id DESC, customer_name, email, phone);
CREATE INDEX orders_status_created ON orders (order_status, created_at DESC, id DESC);
CREATE INDEX orders_slot_created ON orders (slot_id, created_at DESC, id DESC);
-- Stripe's refund and dispute events name the PaymentIntent, not the order.
CREATE INDEX orders_payment_ref ON orders (payment_ref) WHERE payment_ref IS NOT NULL;

CREATE TABLE order_status_history_new (
  id       INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  status   TEXT NOT NULL CHECK (status IN ('Pending', 'Approved', 'Out for delivery', 'Delivered', 'Cancelled')),
  at       INTEGER NOT NULL,
  by_uid   TEXT
);
INSERT INTO order_status_history_new (id, order_id, status, at, by_uid)
  SELECT id, order_id, status, at, by_uid FROM order_status_history;
DROP TABLE order_status_history;
ALTER TABLE order_status_history_new RENAME TO order_status_history;
CREATE INDEX order_status_history_order ON order_status_history (order_id, at, id);

-- A deleted order takes its timeline with it, however it is deleted (dropped with the old table).
CREATE TRIGGER orders_deleted AFTER DELETE ON orders
BEGIN
  DELETE FROM order_status_history WHERE order_id = OLD.id;
END;
