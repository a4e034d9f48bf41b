-- Saved phone and addresses (DESIGN.md §3 `GET/PUT /users/me`): one row per account,
-- keyed by the account (the token's `sub`), not by e-mail as `users` is, because a phone-number
-- account has no e-mail. The display name stays in `users` for accounts with an e-mail (GET
-- /users/:email reads it there); `display_name` here is used only for an account without one.
--
-- `addresses` is a JSON array of {id, label, address}, most recently used first, at most 5
-- (contract/user.ts profileUpdateSchema): a profile is read and written whole, never queried by
-- address, so one column is enough and a write is one statement.
CREATE TABLE user_profiles (
  uid          TEXT PRIMARY KEY,
  display_name TEXT,
  phone        TEXT NOT NULL DEFAULT '',
  addresses    TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(addresses) AND json_type(addresses) = 'array'),
  updated_at   INTEGER NOT NULL
);
