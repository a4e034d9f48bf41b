-- A delivery slot's places are taken by the orders in it that are not Cancelled: a cancelled
-- order, paid or not, gives its place back (db/orders.ts slot counts). The counts read this
-- partial index alone (order_status in it makes it covering); listing a slot's orders still
-- reads orders_slot_created.
CREATE INDEX orders_slot_live ON orders (slot_id, order_status) WHERE order_status <> 'Cancelled';
