-- Identity is the account, not the e-mail (DESIGN.md §3): a profile belongs to the account (the
-- token's `sub`) that saved it, and a shopper's orders are listed by the account that placed them.
--
-- Orders and reviews have carried their account (`user_id`, NOT NULL, set from the token's sub
-- on every insert) since 0001, so no order or review lacks one. A profile did not: `users.uid`
-- is added here, and filled where the old rows say unambiguously whose it is.

ALTER TABLE users ADD COLUMN uid TEXT;
-- One profile per account; rows with no account yet (seeded, granted, or not yet claimed) are NULL.
CREATE UNIQUE INDEX IF NOT EXISTS users_uid ON users (uid);

-- My Orders (GET /orders?email=, by the caller's uid), newest first, without sorting.
CREATE INDEX IF NOT EXISTS orders_user_created ON orders (user_id, created_at DESC, id DESC);

-- A profile whose e-mail placed orders or reviews from exactly one account, an account that used
-- no other e-mail, belongs to that account. Any other row stays unbound: the first account that
-- saves it claims it (db/users.ts). Rows already bound are left as they are.
CREATE TABLE identity_owners AS
  SELECT lower(email) AS email, user_id FROM orders WHERE email <> ''
  UNION
  SELECT lower(email) AS email, user_id FROM reviews WHERE email <> '';

UPDATE users
SET uid = (SELECT owners.user_id FROM identity_owners AS owners WHERE owners.email = lower(users.email))
WHERE uid IS NULL
  AND (SELECT count(*) FROM identity_owners AS owners WHERE owners.email = lower(users.email)) = 1
  AND (SELECT count(*) FROM identity_owners AS owners
       WHERE owners.user_id = (SELECT one.user_id FROM identity_owners AS one WHERE one.email = lower(users.email))) = 1;

DROP TABLE identity_owners;
