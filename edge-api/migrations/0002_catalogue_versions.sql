-- Catalogue versions for cheap revalidation and delta sync (DESIGN.md §5, bench/README.md §6).
-- Every change to a product, however it is made (API, seed, a script), bumps one counter, and
-- the product (or, for a deletion, its tombstone) records the version it changed at. A client
-- holding version N asks for what changed after N: `GET /api/products?since=N`.

CREATE TABLE catalogue_state (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO catalogue_state (id, version) VALUES (1, 1);

ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
CREATE INDEX products_version ON products (version);

-- Deleted products, so a client that still shows one learns it is gone.
CREATE TABLE product_tombstones (
  id      TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);
CREATE INDEX product_tombstones_version ON product_tombstones (version);

CREATE TRIGGER products_inserted AFTER INSERT ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
  DELETE FROM product_tombstones WHERE id = NEW.id;
END;

-- Not `version` itself: the trigger's own write must not count as a change.
CREATE TRIGGER products_updated AFTER UPDATE OF name, price, image, category, season, created_at ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
END;

CREATE TRIGGER products_deleted AFTER DELETE ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  INSERT OR REPLACE INTO product_tombstones (id, version) VALUES (OLD.id, (SELECT version FROM catalogue_state WHERE id = 1));
END;
