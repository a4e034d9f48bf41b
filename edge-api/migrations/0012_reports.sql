-- Reports (DESIGN.md §12): sales per shop day read the orders placed in a range of days with
-- their state and total, from this index alone (no row is read), so the cost follows the days
-- asked for, not the number of orders. The purchase list and the slots' load seek 0003's
-- orders_slot_created; the CSV export pages through orders_created.
CREATE INDEX IF NOT EXISTS orders_placed_sales ON orders (created_at, order_status, total_amount);
