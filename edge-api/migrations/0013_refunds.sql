-- Money moves at most once (DESIGN.md §14).

-- Each refund asked of a payment provider, claimed here before the provider is called: `id` is
-- the refund's idempotency key at the provider (Stripe's Idempotency-Key; bKash has none, so a
-- retry asks bKash's refund status first). `status`: 'claimed' (asked, or about to be: the
-- outcome is not known yet; `attempts` counts the asks), 'done' (the provider refunded it:
-- `provider_ref` is its refund id), 'failed' (the provider refused it: nothing moved).
-- `reason`: 'cancel' (the order was cancelled) or 'stray' (a payment no order may keep).
CREATE TABLE refunds (
  id            TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL,
  method        TEXT NOT NULL,
  payment_ref   TEXT NOT NULL,
  -- Poisha (1 Tk = 100 poisha), as Stripe counts; bKash is sent Tk with 2 decimals.
  amount_poisha INTEGER NOT NULL CHECK (amount_poisha > 0),
  reason        TEXT NOT NULL CHECK (reason IN ('cancel', 'stray')),
  status        TEXT NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'done', 'failed')),
  attempts      INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  provider_ref  TEXT,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);

-- The callback's `state`: a random value the shop puts in the callbackURL it gives bKash for this
-- payment. Only a callback that carries it may execute, fail or cancel the payment (a paymentID
-- alone is not proof that the browser comes back from bKash's page).
ALTER TABLE bkash_payments ADD COLUMN callback_state TEXT;
-- A refund finds its payment by bKash's trxID.
CREATE INDEX bkash_payments_trx ON bkash_payments (trx_id) WHERE trx_id IS NOT NULL;
