-- A delivery slot's places taken, kept as one number per slot (db/orders.ts reads it): the
-- orders in the slot that are not Cancelled (a cancelled order, paid or not, gives its place
-- back). Placing an order reads every slot of its area's horizon; counting each slot's orders
-- in orders_slot_live (0015) read up to its capacity of index entries per slot, every order,
-- once the slots had filled. These triggers are the one home of that rule: every write to
-- `orders` (placing, cancelling, moving to another slot, deleting) keeps the count, in the
-- write's own transaction.
CREATE TABLE slot_places (
  slot_id TEXT PRIMARY KEY,
  taken   INTEGER NOT NULL CHECK (taken >= 0)
) WITHOUT ROWID;

INSERT INTO slot_places (slot_id, taken)
  SELECT slot_id, count(*) FROM orders
  WHERE slot_id IS NOT NULL AND order_status <> 'Cancelled' GROUP BY slot_id;

CREATE TRIGGER orders_slot_place_taken AFTER INSERT ON orders
  WHEN NEW.slot_id IS NOT NULL AND NEW.order_status <> 'Cancelled'
BEGIN
  INSERT INTO slot_places (slot_id, taken) VALUES (NEW.slot_id, 1)
    ON CONFLICT (slot_id) DO UPDATE SET taken = taken + 1;
END;

CREATE TRIGGER orders_slot_place_moved AFTER UPDATE OF slot_id, order_status ON orders
  WHEN OLD.slot_id IS NOT NEW.slot_id
    OR (OLD.order_status = 'Cancelled') <> (NEW.order_status = 'Cancelled')
BEGIN
  UPDATE slot_places SET taken = taken - 1
    WHERE slot_id = OLD.slot_id AND OLD.order_status <> 'Cancelled';
  INSERT INTO slot_places (slot_id, taken)
    SELECT NEW.slot_id, 1 WHERE NEW.slot_id IS NOT NULL AND NEW.order_status <> 'Cancelled'
    ON CONFLICT (slot_id) DO UPDATE SET taken = taken + 1;
END;

CREATE TRIGGER orders_slot_place_freed AFTER DELETE ON orders
  WHEN OLD.slot_id IS NOT NULL AND OLD.order_status <> 'Cancelled'
BEGIN
  UPDATE slot_places SET taken = taken - 1 WHERE slot_id = OLD.slot_id;
END;

-- The counts no longer read orders; listing a slot's orders reads orders_slot_created.
DROP INDEX orders_slot_live;
