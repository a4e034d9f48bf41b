-- After delivery: problems and store credit (DESIGN.md §19). Money in poisha (1 Tk = 100), times
-- in Unix epoch ms.

-- A photo a shopper took of a problem (POST /api/problem-photos): JPEG or WebP bytes, at most
-- 150 KB (checked by the route, from the bytes too), readable by admins only. `problem_id` is set
-- when a claim uses it; a photo no claim used within a day is deleted.
CREATE TABLE problem_photos (
  id          TEXT PRIMARY KEY,
  user_id     TEXT NOT NULL,
  type        TEXT NOT NULL CHECK (type IN ('image/jpeg', 'image/webp')),
  bytes       BLOB NOT NULL CHECK (length(bytes) BETWEEN 1 AND 153600),
  problem_id  TEXT,
  created_at  INTEGER NOT NULL
);
CREATE INDEX problem_photos_unused ON problem_photos (created_at) WHERE problem_id IS NULL;

-- A reported problem: the order (its owner's `user_id`), the lines claimed — JSON
-- [{_id, name, reason, quantity, worthPoisha}] — and their worth (what the shopper paid for those
-- units). `status`: 'open' (waiting for an admin), 'credited', 'refunded', 'declined';
-- `amount_poisha` what was credited or refunded (0 while open or declined); `note` the admin's.
CREATE TABLE problems (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL,
  user_id       TEXT NOT NULL,
  lines         TEXT NOT NULL CHECK (json_valid(lines) AND json_type(lines) = 'array'),
  photo_id      TEXT,
  worth_poisha  INTEGER NOT NULL CHECK (worth_poisha >= 0),
  status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'credited', 'refunded', 'declined')),
  amount_poisha INTEGER NOT NULL DEFAULT 0 CHECK (amount_poisha >= 0),
  note          TEXT NOT NULL DEFAULT '',
  -- Credited at once (1), or by an admin (0): at most 2 a month per account are automatic.
  auto          INTEGER NOT NULL DEFAULT 0 CHECK (auto IN (0, 1)),
  created_at    INTEGER NOT NULL,
  decided_at    INTEGER,
  decided_by    TEXT
);
CREATE INDEX problems_order ON problems (order_id);
CREATE INDEX problems_open ON problems (created_at) WHERE status = 'open';
CREATE INDEX problems_user_auto ON problems (user_id, created_at) WHERE auto = 1;

-- Store credit: an append-only ledger per account (`user_id`, the Firebase uid). The balance is
-- the sum of `amount_poisha` (+ given, − spent) and never below zero: an order's spend is written
-- in the order's own batch, computed there from the balance. `reason`: 'problem' (a claim
-- credited), 'order' (spent on an order), 'order_cancelled' (given back), 'packing' (an order
-- packed for less than the credit it took). No UPDATE or DELETE is ever made on it.
CREATE TABLE credit_ledger (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       TEXT NOT NULL,
  amount_poisha INTEGER NOT NULL CHECK (amount_poisha <> 0),
  reason        TEXT NOT NULL CHECK (reason IN ('problem', 'order', 'order_cancelled', 'packing')),
  order_id      TEXT,
  problem_id    TEXT,
  at            INTEGER NOT NULL
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id);
-- One spend and one give-back per order, one credit per problem: a retried write cannot repeat it.
CREATE UNIQUE INDEX credit_ledger_once ON credit_ledger (reason, coalesce(order_id, ''), coalesce(problem_id, ''));

-- The credit an order took (poisha; NULL: none).
ALTER TABLE orders ADD COLUMN credit_applied_poisha INTEGER
  CHECK (credit_applied_poisha IS NULL OR credit_applied_poisha > 0);

-- The refunds ledger (0013, 0018) takes reason 'problem': an admin's refund of a reported problem
-- (its id `problem-<problem id>`, the provider's idempotency key). SQLite cannot change a CHECK,
-- so it is rebuilt as 0018 did: create, copy every row, drop, rename, and its index again.
CREATE TABLE refunds_new (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL,
  method        TEXT NOT NULL,
  payment_ref   TEXT NOT NULL,
  -- Poisha (1 Tk = 100 poisha), as Stripe counts; bKash is sent Tk with 2 decimals.
  amount_poisha INTEGER NOT NULL CHECK (amount_poisha > 0),
  reason        TEXT NOT NULL CHECK (reason IN ('cancel', 'stray', 'packing', 'problem')),
  status        TEXT NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'done', 'failed')),
  attempts      INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  provider_ref  TEXT,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  claimed_ms    INTEGER
);
INSERT INTO refunds_new (id, order_id, method, payment_ref, amount_poisha, reason, status, attempts, provider_ref,
                         created_at, updated_at, claimed_ms)
  SELECT id, order_id, method, payment_ref, amount_poisha, reason, status, attempts, provider_ref, created_at,
         updated_at, claimed_ms
  FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_new RENAME TO refunds;
CREATE INDEX refunds_order ON refunds (order_id, created_at);
