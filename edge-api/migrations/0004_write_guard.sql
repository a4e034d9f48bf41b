-- Write guards (edge-api/src/db/guarded-batch.ts): a write batch inserts a condition's value
-- here, at its place among its statements, and a false or NULL one aborts the whole batch with
-- 'write_guard_failed'. Nothing is ever stored. It is the one way a write checks at commit time
-- what it decided before (a product in stock, a delivery slot's capacity), so the slot's own
-- check of 0003 goes.
CREATE VIEW write_guard AS SELECT NULL AS ok WHERE 0;
CREATE TRIGGER write_guard_check INSTEAD OF INSERT ON write_guard
WHEN NOT coalesce(NEW.ok, 0)
BEGIN
  SELECT RAISE(ABORT, 'write_guard_failed');
END;

DROP TRIGGER delivery_slot_capacity_check;
DROP VIEW delivery_slot_capacity_check;
