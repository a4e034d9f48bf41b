-- Fulfilling orders from a tablet (DESIGN.md §4, §6, §8): products can be out of stock and have
-- a Bangla name; orders go on after Approved (Out for delivery, Delivered), carry a delivery
-- slot, and every status change is recorded; the admin's pages stay flat as orders grow.

-- Products. 1 = can be ordered; 0 = out of stock (POST /orders answers 409 out_of_stock).
ALTER TABLE products ADD COLUMN in_stock INTEGER NOT NULL DEFAULT 1 CHECK (in_stock IN (0, 1));
-- The Bangla name (DESIGN.md §9); NULL = none.
ALTER TABLE products ADD COLUMN name_bn TEXT CHECK (name_bn IS NULL OR length(name_bn) BETWEEN 1 AND 80);

-- Migration 0002's update trigger names its columns, so the new ones must be added to it: a
-- product going out of stock or getting a Bangla name is a catalogue change (a new version).
DROP TRIGGER products_updated;
CREATE TRIGGER products_updated AFTER UPDATE OF name, name_bn, price, image, category, season, in_stock, created_at ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
END;

-- The seed catalogue's Bangla names (edge-api/src/db/seed-catalogue.ts) for a database seeded
-- before this migration; products an admin added or renamed are left as they are.
WITH bn(name, name_bn) AS (VALUES
  ('Potato (Alu)', 'আলু'),
  ('Deshi Onion (Peyaj)', 'দেশি পেঁয়াজ'),
  ('Tomato', 'টমেটো'),
  ('Brinjal (Begun)', 'বেগুন'),
  ('Carrot (Gajor)', 'গাজর'),
  ('Himsagar Mango', 'হিমসাগর আম'),
  ('Sagor Banana (Kola)', 'সাগর কলা'),
  ('Green Chili (Kacha Morich)', 'কাঁচা মরিচ'),
  ('Garlic (Roshun)', 'রসুন'),
  ('Ginger (Ada)', 'আদা'),
  ('Cucumber (Shosha)', 'শসা'),
  ('Capsicum', 'ক্যাপসিকাম'),
  ('Sweet Corn (Bhutta)', 'মিষ্টি ভুট্টা'),
  ('Red Amaranth (Lal Shak)', 'লাল শাক'),
  ('Spinach (Palong Shak)', 'পালং শাক'),
  ('Broccoli', 'ব্রকলি'),
  ('Button Mushroom', 'বাটন মাশরুম'),
  ('Green Peas (Motorshuti)', 'মটরশুঁটি'),
  ('Yardlong Beans (Borboti)', 'বরবটি'),
  ('Flat Beans (Shim)', 'শিম'),
  ('Sweet Potato (Mishti Alu)', 'মিষ্টি আলু'),
  ('Peanuts (Chinabadam)', 'চিনাবাদাম'),
  ('Lettuce', 'লেটুস'),
  ('Indian Onion', 'ভারতীয় পেঁয়াজ'),
  ('Amrapali Mango', 'আম্রপালি আম'),
  ('Pineapple (Anaros)', 'আনারস'),
  ('Watermelon (Tormuj)', 'তরমুজ'),
  ('Lemon (Kagoji Lebu)', 'কাগজি লেবু'),
  ('Orange (Komola)', 'কমলা'),
  ('Green Malta', 'সবুজ মাল্টা'),
  ('Fuji Apple', 'ফুজি আপেল'),
  ('Green Apple', 'সবুজ আপেল'),
  ('Green Grapes (Angur)', 'সবুজ আঙুর'),
  ('Green Coconut (Daab)', 'ডাব'),
  ('Strawberry', 'স্ট্রবেরি'),
  ('Bangi Melon', 'বাঙ্গি'),
  ('Chinese Pear (Nashpati)', 'চায়নিজ নাশপাতি'),
  ('Kiwi', 'কিউই'),
  ('Olive (Jolpai)', 'জলপাই'),
  ('Avocado', 'অ্যাভোকাডো'),
  ('Blueberries', 'ব্লুবেরি'))
UPDATE products SET name_bn = (SELECT bn.name_bn FROM bn WHERE bn.name = products.name)
WHERE name_bn IS NULL AND name IN (SELECT name FROM bn);

-- Orders: SQLite cannot change a CHECK, so the table is rebuilt with the new states and the
-- delivery slot. No trigger, view or foreign key refers to orders (0002's triggers are on
-- products only), so create, copy, drop, rename is the whole of it.
CREATE TABLE orders_new (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  customer_name   TEXT NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 80),
  email           TEXT NOT NULL,
  phone           TEXT NOT NULL,
  address         TEXT NOT NULL,
  order_status    TEXT NOT NULL DEFAULT 'Pending'
                  CHECK (order_status IN ('Pending', 'Approved', 'Out for delivery', 'Delivered')),
  -- Tk, whole number: the subtotal of DESIGN.md §4 (ceil of cart total + shipping + tax).
  total_amount    INTEGER NOT NULL CHECK (total_amount > 0),
  -- The browser's locale date string, kept as sent (spec §3); created_at is the server's clock.
  order_date      TEXT NOT NULL,
  -- JSON array of line-item snapshots: [{_id, name, price, image, cartQuantity}].
  ordered_product TEXT NOT NULL CHECK (json_valid(ordered_product)),
  payment_method  TEXT NOT NULL DEFAULT 'cod' CHECK (payment_method IN ('cod', 'card')),
  payment_status  TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  created_at      INTEGER NOT NULL,
  -- The delivery slot (DESIGN.md §8): its id (its start in ISO 8601 with the shop's offset, e.g.
  -- 2026-11-22T09:00:00+06:00) and its bounds in epoch ms; all NULL for orders placed before slots.
  slot_id         TEXT,
  slot_start_ms   INTEGER,
  slot_end_ms     INTEGER,
  CHECK ((slot_id IS NULL) = (slot_start_ms IS NULL) AND (slot_id IS NULL) = (slot_end_ms IS NULL)),
  CHECK (slot_end_ms IS NULL OR slot_end_ms > slot_start_ms)
);
INSERT INTO orders_new (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
                        ordered_product, payment_method, payment_status, created_at)
  SELECT id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
         ordered_product, payment_method, payment_status, created_at
  FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

-- Every list is keyset-paged newest first on (created_at, id) (db/orders.ts), so each filter's
-- first page reads `limit + 1` index entries whatever the number of orders:
-- My Orders (GET /orders?email=).
CREATE INDEX orders_email_created ON orders (email, created_at DESC, id DESC);
-- The admin's queue, unfiltered; it also carries the columns `q` searches (name, e-mail, phone),
-- so a search scans the index alone, a bounded window at a time (db/orders.ts).
CREATE INDEX orders_created ON orders (created_at DESC, id DESC, customer_name, email, phone);
-- The admin's queue by state (e.g. every Pending order).
CREATE INDEX orders_status_created ON orders (order_status, created_at DESC, id DESC);
-- The admin's queue by slot, and a slot's head count for its capacity (POST /orders, GET /delivery-slots).
CREATE INDEX orders_slot_created ON orders (slot_id, created_at DESC, id DESC);

-- Each order's timeline: the state it entered, when (epoch ms) and by whom (Firebase uid: the
-- customer for Pending, the admin after; NULL when backfilled).
CREATE TABLE order_status_history (
  -- Insertion order: ties on `at` (a backfilled Approved at the creation time) read in it.
  id       INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  status   TEXT NOT NULL CHECK (status IN ('Pending', 'Approved', 'Out for delivery', 'Delivered')),
  at       INTEGER NOT NULL,
  by_uid   TEXT
);
CREATE INDEX order_status_history_order ON order_status_history (order_id, at, id);

-- A deleted order takes its timeline with it, however it is deleted.
CREATE TRIGGER orders_deleted AFTER DELETE ON orders
BEGIN
  DELETE FROM order_status_history WHERE order_id = OLD.id;
END;

-- A delivery slot's capacity, counted inside POST /orders' own write batch (db/orders.ts): the
-- batch inserts (slot_id, capacity) here after the order's row, and this fails the whole batch
-- when the slot now holds more orders than that. Nothing is ever stored.
CREATE VIEW delivery_slot_capacity_check AS SELECT NULL AS slot_id, NULL AS capacity WHERE 0;
CREATE TRIGGER delivery_slot_capacity_check INSTEAD OF INSERT ON delivery_slot_capacity_check
BEGIN
  SELECT RAISE(ABORT, 'delivery_slot_full') WHERE (SELECT count(*) FROM orders WHERE slot_id = NEW.slot_id) > NEW.capacity;
END;

-- Orders placed before this migration: Pending at their creation; Approved ones were approved
-- at a time nobody recorded, so the creation time stands in for it.
INSERT INTO order_status_history (order_id, status, at, by_uid)
  SELECT id, 'Pending', created_at, user_id FROM orders;
INSERT INTO order_status_history (order_id, status, at, by_uid)
  SELECT id, 'Approved', created_at, NULL FROM orders WHERE order_status = 'Approved';
