-- Web Push subscriptions (DESIGN.md §11): one row per browser push endpoint, owned by
-- the account (the token's `sub`) that subscribed it. A device that signs in as another account
-- and subscribes again moves the row to that account (the endpoint is the primary key).
--
-- `locale` is the language the person chose when subscribing: the service worker renders the
-- notification's words in it from the PWA's catalogues. `is_admin` is the account's effective
-- admin right (a verified e-mail and users.admin or ADMIN_EMAILS, auth/middleware.ts) as it
-- stood when it last subscribed: admins' devices get "new order" news, found by this flag without
-- a token to check at send time. Subscribing again recomputes it.
CREATE TABLE push_subscriptions (
  endpoint   TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL,
  p256dh     TEXT NOT NULL,
  auth       TEXT NOT NULL,
  locale     TEXT NOT NULL CHECK (locale IN ('en', 'bn')),
  is_admin   INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id, created_at);
CREATE INDEX push_subscriptions_admins ON push_subscriptions (is_admin) WHERE is_admin = 1;
