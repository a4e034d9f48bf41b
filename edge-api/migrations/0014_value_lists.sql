-- The lists the code keeps once (edge-api/src/db/value-lists.ts): order states, payment methods
-- and statuses, sale units. SQLite cannot change a CHECK without rebuilding its table, so these
-- columns lose theirs (this last rebuild) and triggers check them against `allowed_values`, which
-- the server writes from the code's lists whenever it prepares the database: a new state or unit
-- is a change to the code, with no migration.
CREATE TABLE allowed_values (
  list  TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (list, value)
) WITHOUT ROWID;
INSERT INTO allowed_values (list, value) VALUES
  ('order_status', 'Pending'), ('order_status', 'Approved'), ('order_status', 'Out for delivery'),
  ('order_status', 'Delivered'), ('order_status', 'Cancelled'),
  ('payment_method', 'cod'), ('payment_method', 'card'), ('payment_method', 'bkash'),
  ('payment_status', 'unpaid'), ('payment_status', 'paid'), ('payment_status', 'refunding'),
  ('payment_status', 'refunded'), ('payment_status', 'disputed'),
  ('sale_unit', 'kg'), ('sale_unit', 'g'), ('sale_unit', 'piece'), ('sale_unit', 'bundle'),
  ('sale_unit', 'dozen'), ('sale_unit', 'hali');

-- The order status history first, while no trigger names it (orders' comes back with orders).
DROP TRIGGER orders_deleted;
CREATE TABLE order_status_history_new (
  id       INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  status   TEXT NOT NULL,
  at       INTEGER NOT NULL,
  by_uid   TEXT
);
INSERT INTO order_status_history_new (id, order_id, status, at, by_uid)
  SELECT id, order_id, status, at, by_uid FROM order_status_history;
DROP TABLE order_status_history;
ALTER TABLE order_status_history_new RENAME TO order_status_history;
CREATE INDEX order_status_history_order ON order_status_history (order_id, at, id);
CREATE TRIGGER order_status_history_values BEFORE INSERT ON order_status_history
WHEN NEW.status NOT IN (SELECT value FROM allowed_values WHERE list = 'order_status')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: order_status_history.status not in allowed_values');
END;

-- Orders: rebuilt as they were (0010), without the lists' CHECKs.
CREATE TABLE orders_new (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  customer_name   TEXT NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 80),
  email           TEXT NOT NULL,
  phone           TEXT NOT NULL,
  address         TEXT NOT NULL,
  -- Values of the lists below: allowed_values, checked by orders_values_* (no CHECK to rebuild).
  order_status    TEXT NOT NULL DEFAULT 'Pending',
  -- Tk, whole number: the subtotal of DESIGN.md §4 (ceil of cart total + shipping + tax).
  total_amount    INTEGER NOT NULL CHECK (total_amount > 0),
  -- The browser's locale date string, kept as sent (spec §3); created_at is the server's clock.
  order_date      TEXT NOT NULL,
  -- JSON array of line-item snapshots: [{_id, name, price, image, unit, unitSize, cartQuantity}].
  ordered_product TEXT NOT NULL CHECK (json_valid(ordered_product)),
  payment_method  TEXT NOT NULL DEFAULT 'cod',
  -- 'refunding': a refund was asked of the provider at refund_started_ms and its answer is not
  -- recorded yet (the API shows it as 'paid'); db/refunds.ts claims it so two cancels refund once.
  payment_status  TEXT NOT NULL DEFAULT 'unpaid',
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
INSERT INTO orders_new (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product, payment_method, payment_status, payment_ref, refund_started_ms, created_at, slot_id, slot_start_ms, slot_end_ms)
  SELECT id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product, payment_method, payment_status, payment_ref, refund_started_ms, created_at, slot_id, slot_start_ms, slot_end_ms FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
CREATE INDEX orders_created ON orders (created_at DESC, id DESC, customer_name, email, phone);
CREATE INDEX orders_email_created ON orders (email, created_at DESC, id DESC);
CREATE INDEX orders_payment_ref ON orders (payment_ref) WHERE payment_ref IS NOT NULL;
CREATE INDEX orders_placed_sales ON orders (created_at, order_status, total_amount);
CREATE INDEX orders_slot_created ON orders (slot_id, created_at DESC, id DESC);
CREATE INDEX orders_status_created ON orders (order_status, created_at DESC, id DESC);
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC, id DESC);
CREATE TRIGGER orders_deleted AFTER DELETE ON orders
BEGIN
  DELETE FROM order_status_history WHERE order_id = OLD.id;
END;
CREATE TRIGGER orders_values_inserted BEFORE INSERT ON orders
WHEN NEW.order_status NOT IN (SELECT value FROM allowed_values WHERE list = 'order_status')
  OR NEW.payment_method NOT IN (SELECT value FROM allowed_values WHERE list = 'payment_method')
  OR NEW.payment_status NOT IN (SELECT value FROM allowed_values WHERE list = 'payment_status')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: orders value not in allowed_values');
END;
CREATE TRIGGER orders_values_updated BEFORE UPDATE OF order_status, payment_method, payment_status ON orders
WHEN NEW.order_status NOT IN (SELECT value FROM allowed_values WHERE list = 'order_status')
  OR NEW.payment_method NOT IN (SELECT value FROM allowed_values WHERE list = 'payment_method')
  OR NEW.payment_status NOT IN (SELECT value FROM allowed_values WHERE list = 'payment_status')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: orders value not in allowed_values');
END;

-- Products, rebuilt without the sale unit's CHECK; the copy keeps every version, and the
-- catalogue's triggers (0002) come back with the table.
CREATE TABLE products_new (
  id               TEXT PRIMARY KEY,
  name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  price            REAL NOT NULL CHECK (price > 0),
  image            TEXT NOT NULL,
  category         TEXT NOT NULL CHECK (category IN ('vegetable', 'fruit')),
  -- NULL = sold all year; otherwise the season the shop's filters and home page use.
  season           TEXT CHECK (season IN ('summer', 'winter', 'spring')),
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL,
  version          INTEGER NOT NULL DEFAULT 1,
  in_stock         INTEGER NOT NULL DEFAULT 1 CHECK (in_stock IN (0, 1)),
  name_bn          TEXT CHECK (name_bn IS NULL OR length(name_bn) BETWEEN 1 AND 80),
  stock            INTEGER CHECK (stock IS NULL OR (stock >= 0 AND stock = CAST(stock AS INTEGER))),
  -- A value of allowed_values' 'sale_unit' list, checked by products_unit_* (no CHECK to rebuild).
  unit             TEXT NOT NULL DEFAULT 'kg',
  unit_size        INTEGER NOT NULL DEFAULT 1
                   CHECK (unit_size BETWEEN 1 AND 10000 AND unit_size = CAST(unit_size AS INTEGER)),
  weight_tolerance INTEGER
                   CHECK (weight_tolerance IS NULL OR (weight_tolerance BETWEEN 1 AND 1000 AND weight_tolerance = CAST(weight_tolerance AS INTEGER)))
);
INSERT INTO products_new (id, name, price, image, category, season, created_at, updated_at, version, in_stock, name_bn, stock, unit, unit_size, weight_tolerance)
  SELECT id, name, price, image, category, season, created_at, updated_at, version, in_stock, name_bn, stock, unit, unit_size, weight_tolerance FROM products;
DROP TABLE products;
ALTER TABLE products_new RENAME TO products;
CREATE INDEX products_created ON products (created_at, id);
CREATE INDEX products_version ON products (version);
CREATE TRIGGER products_deleted AFTER DELETE ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  INSERT OR REPLACE INTO product_tombstones (id, version) VALUES (OLD.id, (SELECT version FROM catalogue_state WHERE id = 1));
END;
CREATE TRIGGER products_inserted AFTER INSERT ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
  DELETE FROM product_tombstones WHERE id = NEW.id;
END;
CREATE TRIGGER products_updated
AFTER UPDATE OF name, name_bn, price, image, category, season, in_stock, stock, unit, unit_size, weight_tolerance, created_at ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
END;
CREATE TRIGGER products_unit_inserted BEFORE INSERT ON products
WHEN NEW.unit NOT IN (SELECT value FROM allowed_values WHERE list = 'sale_unit')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: products.unit not in allowed_values');
END;
CREATE TRIGGER products_unit_updated BEFORE UPDATE OF unit ON products
WHEN NEW.unit NOT IN (SELECT value FROM allowed_values WHERE list = 'sale_unit')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: products.unit not in allowed_values');
END;
