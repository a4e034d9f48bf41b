-- Counted stock (DESIGN.md §4): the number of sale units on hand, or NULL when the shop does not
-- count them (then `in_stock` alone says whether the product can be ordered). An order takes its
-- units in the batch that inserts it (db/orders.ts takeStockStatements) and cancelling or
-- deleting it gives them back; a product with stock 0 is out of stock (db/products.ts toProduct).
ALTER TABLE products ADD COLUMN stock INTEGER CHECK (stock IS NULL OR (stock >= 0 AND stock = CAST(stock AS INTEGER)));

-- The update trigger names its columns: a change of stock is a catalogue change (a new version),
-- so a shopper's card sees "Only 3 left" and Out of stock.
DROP TRIGGER products_updated;
CREATE TRIGGER products_updated AFTER UPDATE OF name, name_bn, price, image, category, season, in_stock, stock, created_at ON products
BEGIN
  UPDATE catalogue_state SET version = version + 1 WHERE id = 1;
  UPDATE products SET version = (SELECT version FROM catalogue_state WHERE id = 1) WHERE id = NEW.id;
END;
