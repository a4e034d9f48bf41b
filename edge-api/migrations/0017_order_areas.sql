-- An order names its delivery area and keeps the fee it was charged (DESIGN.md §15): `area_id`
-- (a delivery_areas id; NULL for orders placed before areas), the shopper's `note` for the rider
-- (NULL: none), and `shipping` in whole Tk, part of total_amount (NULL for orders placed before
-- this: db/orders.ts reads them with the spec's 40/80 Tk rule, which was what they were charged).
-- No foreign key: areas are never deleted, and an order keeps its area's id whatever becomes of it.
ALTER TABLE orders ADD COLUMN area_id TEXT;
ALTER TABLE orders ADD COLUMN note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 200);
ALTER TABLE orders ADD COLUMN shipping INTEGER CHECK (shipping IS NULL OR (shipping >= 0 AND shipping = CAST(shipping AS INTEGER)));
