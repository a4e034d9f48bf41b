-- Sale units (DESIGN.md §4 "Units"): a product is sold by the kg (the spec's default), in packs
-- of `unit_size` grams, by `unit_size` pieces, by the bundle (আঁটি), the dozen or the hali (4);
-- `price` is Tk per sale unit. Every product here before is sold by the kg, one at a time.
ALTER TABLE products ADD COLUMN unit TEXT NOT NULL DEFAULT 'kg'
  CHECK (unit IN ('kg', 'g', 'piece', 'bundle', 'dozen', 'hali'));
-- A pack's grams (100, 250, 500…), a piece unit's pieces (4 lemons); 1 unless said.
ALTER TABLE products ADD COLUMN unit_size INTEGER NOT NULL DEFAULT 1
  CHECK (unit_size BETWEEN 1 AND 10000 AND unit_size = CAST(unit_size AS INTEGER));
-- Grams a weighed unit may be off by ("± 50 g"); NULL = none said.
ALTER TABLE products ADD COLUMN weight_tolerance INTEGER
  CHECK (weight_tolerance IS NULL OR (weight_tolerance BETWEEN 1 AND 1000 AND weight_tolerance = CAST(weight_tolerance AS INTEGER)));

-- The update trigger names its columns (0002, 0003): a product's unit changing is a catalogue
-- change (a new version), like its price.
DROP TRIGGER products_updated;
CREATE TRIGGER products_updated
AFTER UPDATE OF name, name_bn, price, image, category, season, in_stock, stock, unit, unit_size, weight_tolerance, created_at ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
END;

-- The whole catalogue's JSON now carries the unit fields: a new version gives it a new ETag, so
-- a client holding the old bytes (a 304 would keep them) fetches them again. Rows a client
-- mirrored by delta keep no unit fields and read as 1 kg, which every product here is.
UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
