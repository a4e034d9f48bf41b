-- Taza Haat schema, DESIGN.md §4. Money is Tk (REAL: the spec's prices may be fractional);
-- times are Unix epoch milliseconds. JSON field names are mapped in the route layer.

CREATE TABLE products (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  price      REAL NOT NULL CHECK (price > 0),
  image      TEXT NOT NULL,
  category   TEXT NOT NULL CHECK (category IN ('vegetable', 'fruit')),
  -- NULL = sold all year; otherwise the season the shop's filters and home page use.
  season     TEXT CHECK (season IN ('summer', 'winter', 'spring')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- "New Arrivals = first 8 products" and the shop's order both read products in insertion order.
CREATE INDEX products_created ON products (created_at, id);

CREATE TABLE reviews (
  id             TEXT PRIMARY KEY,
  user_id        TEXT NOT NULL,
  name           TEXT NOT NULL,
  email          TEXT NOT NULL,
  review         TEXT NOT NULL CHECK (length(review) BETWEEN 1 AND 2000),
  rating         REAL NOT NULL CHECK (rating >= 0.5 AND rating <= 5 AND rating * 2 = CAST(rating * 2 AS INTEGER)),
  customer_image TEXT,
  created_at     INTEGER NOT NULL
);
CREATE INDEX reviews_created ON reviews (created_at, id);

CREATE TABLE orders (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  customer_name   TEXT NOT NULL CHECK (length(customer_name) BETWEEN 1 AND 80),
  email           TEXT NOT NULL,
  phone           TEXT NOT NULL,
  address         TEXT NOT NULL,
  order_status    TEXT NOT NULL DEFAULT 'Pending' CHECK (order_status IN ('Pending', 'Approved')),
  -- Tk, whole number: the subtotal of DESIGN.md §4 (ceil of cart total + shipping + tax).
  total_amount    INTEGER NOT NULL CHECK (total_amount > 0),
  -- The browser's locale date string, kept as sent (spec §3); created_at is the server's clock.
  order_date      TEXT NOT NULL,
  -- JSON array of line-item snapshots: [{_id, name, price, image, cartQuantity}].
  ordered_product TEXT NOT NULL CHECK (json_valid(ordered_product)),
  payment_method  TEXT NOT NULL DEFAULT 'cod' CHECK (payment_method IN ('cod', 'card')),
  payment_status  TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  created_at      INTEGER NOT NULL
);
-- My Orders (GET /orders?email=) and the admin's list, both newest first.
CREATE INDEX orders_email_created ON orders (email, created_at DESC);
CREATE INDEX orders_created ON orders (created_at DESC);

CREATE TABLE users (
  email        TEXT PRIMARY KEY COLLATE NOCASE,
  display_name TEXT NOT NULL DEFAULT '',
  admin        INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1)),
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);

-- One row per (user, Idempotency-Key): the first answer is stored with the write it made.
CREATE TABLE idempotency_keys (
  user_id       TEXT NOT NULL,
  key           TEXT NOT NULL,
  -- SHA-256 of method, path and body: a repeat with another body is answered 422.
  request_hash  TEXT NOT NULL,
  status_code   INTEGER,
  response_body TEXT,
  created_at    INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);
-- Expiry sweeps delete by age (keys are kept at least 30 days).
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
