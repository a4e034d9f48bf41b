-- An account's open (Pending) orders, for the order guards that count them (db/orders.ts
-- openOrdersGuard, heldUnits): a count of this index's entries for the account, not a read of
-- each of its orders through orders_user_created.
CREATE INDEX orders_user_open ON orders (user_id) WHERE order_status = 'Pending';
