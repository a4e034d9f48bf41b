-- Riders and the doorstep (DESIGN.md §18).
--
-- `accounts`: every account the API has seen signed in (the token's `sub`), with what its last
-- token said — its e-mail (lower-cased, '' for none) and whether it was verified, its phone
-- number (E.164, '' for none) and name — so an admin can name a rider by e-mail or phone number
-- (a phone-only account has no `users` row, which is keyed by e-mail). `rider` is the flag, as
-- `users.admin` is admin's: it counts only while the account's token shows a verified e-mail or a
-- phone sign-in (auth/middleware.ts requireRider). Written by requireKnownUser (the /users routes and
-- the rider's run, which a signed-in app calls when it starts) when a token says
-- something new of its account (db/accounts.ts). Times are Unix epoch ms.
CREATE TABLE accounts (
  uid            TEXT PRIMARY KEY,
  email          TEXT NOT NULL DEFAULT '',
  email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  phone_number   TEXT NOT NULL DEFAULT '',
  display_name   TEXT NOT NULL DEFAULT '',
  rider          INTEGER NOT NULL DEFAULT 0 CHECK (rider IN (0, 1)),
  seen_at        INTEGER NOT NULL
);
CREATE INDEX accounts_email ON accounts (email) WHERE email <> '';
CREATE INDEX accounts_phone ON accounts (phone_number) WHERE phone_number <> '';
CREATE INDEX accounts_riders ON accounts (rider) WHERE rider = 1;

-- An order's rider and place in their run: `rider_uid` (an accounts uid; NULL: not assigned) and
-- `stop` (1 = first of that rider's run of the order's delivery day).
ALTER TABLE orders ADD COLUMN rider_uid TEXT;
ALTER TABLE orders ADD COLUMN stop INTEGER CHECK (stop IS NULL OR (stop >= 1 AND stop = CAST(stop AS INTEGER)));
-- The note a cash shopper pays with (NULL: not said, or a prepaid order).
ALTER TABLE orders ADD COLUMN pay_with TEXT CHECK (pay_with IS NULL OR pay_with IN ('exact', '500', '1000'));
-- Proof of delivery: 4 random digits made when the order is placed (crypto.getRandomValues,
-- orders/place.ts), shown only to its owner; `code_failures` counts wrong codes (5 lock it).
ALTER TABLE orders ADD COLUMN delivery_code TEXT CHECK (delivery_code IS NULL OR length(delivery_code) = 4);
ALTER TABLE orders ADD COLUMN code_failures INTEGER NOT NULL DEFAULT 0 CHECK (code_failures >= 0);
-- Tk the rider recorded at the door (cash orders; NULL until delivered, or prepaid).
ALTER TABLE orders ADD COLUMN cash_collected REAL CHECK (cash_collected IS NULL OR cash_collected >= 0);
-- Failed delivery attempts, oldest first: JSON [{at, reason}] (at: ISO 8601).
ALTER TABLE orders ADD COLUMN attempts TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(attempts));

-- Orders placed before this get a code too (SQLite's random(): these orders are already out of
-- the shopper's hands or soon will be; new ones get a CSPRNG code).
UPDATE orders SET delivery_code = substr('0000' || (abs(random()) % 10000), -4) WHERE delivery_code IS NULL;

-- A rider's run (GET /api/rider/run) and the cash report read a rider's orders by this index.
CREATE INDEX orders_rider ON orders (rider_uid, stop) WHERE rider_uid IS NOT NULL;
