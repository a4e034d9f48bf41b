-- Where the shop delivers (DESIGN.md §15): one row per Dhaka area, with its own fee, minimum
-- order and slots; db/delivery-areas.ts reads and writes it. Amounts are whole Tk. The areas are
-- inserted here rather than by the catalogue's seed: POST /orders needs an active area, so every
-- database (an upgraded shop's, a test's without the catalogue) can take orders from the start,
-- and admins change or switch them off from there (areas are never deleted: orders name them).
CREATE TABLE delivery_areas (
  -- A slug, e.g. mirpur-10 (contract/delivery-area.ts deliveryAreaId).
  id                  TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  name                TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  name_bn             TEXT NOT NULL CHECK (length(name_bn) BETWEEN 1 AND 80),
  thana               TEXT NOT NULL CHECK (length(thana) BETWEEN 1 AND 60),
  -- NULL: the spec's rule (40 Tk up to 200 Tk of goods, else 80 Tk).
  fee                 INTEGER CHECK (fee IS NULL OR (fee >= 0 AND fee = CAST(fee AS INTEGER))),
  -- Tk of goods below which the area is not delivered to; 0: none.
  minimum_order       INTEGER NOT NULL DEFAULT 0
                      CHECK (minimum_order >= 0 AND minimum_order = CAST(minimum_order AS INTEGER)),
  -- Tk of goods from which delivery is free; NULL: never.
  free_delivery_above INTEGER
                      CHECK (free_delivery_above IS NULL OR (free_delivery_above >= 0 AND free_delivery_above = CAST(free_delivery_above AS INTEGER))),
  -- JSON array of the slot starts (HH:MM) the area gets; NULL: every slot of the day.
  slots               TEXT CHECK (slots IS NULL OR (json_valid(slots) AND json_type(slots) = 'array')),
  active              INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL
);
-- The shopper's list: active areas by name (db/delivery-areas.ts LIST_ACTIVE_SQL).
CREATE INDEX delivery_areas_active_name ON delivery_areas (active, name, id);

-- The city's core keeps the spec's fee; the periphery (Savar, Ashulia, Keraniganj, Tongi,
-- Gazipur, Narayanganj: couriers' "Dhaka outside" zone) pays its own fee from a minimum order,
-- the farthest only in the late-morning and afternoon runs.
INSERT INTO delivery_areas (id, name, name_bn, thana, fee, minimum_order, free_delivery_above, slots, active, created_at, updated_at) VALUES
  ('agargaon', 'Agargaon', 'আগারগাঁও', 'Sher-e-Bangla Nagar', NULL, 0, NULL, NULL, 1, 0, 0),
  ('badda', 'Badda', 'বাড্ডা', 'Badda', NULL, 0, NULL, NULL, 1, 0, 0),
  ('banani', 'Banani', 'বনানী', 'Banani', NULL, 0, NULL, NULL, 1, 0, 0),
  ('baridhara', 'Baridhara', 'বারিধারা', 'Gulshan', NULL, 0, NULL, NULL, 1, 0, 0),
  ('bashundhara', 'Bashundhara R/A', 'বসুন্ধরা আবাসিক এলাকা', 'Vatara', NULL, 0, NULL, NULL, 1, 0, 0),
  ('dhanmondi', 'Dhanmondi', 'ধানমন্ডি', 'Dhanmondi', NULL, 0, NULL, NULL, 1, 0, 0),
  ('farmgate', 'Farmgate', 'ফার্মগেট', 'Tejgaon', NULL, 0, NULL, NULL, 1, 0, 0),
  ('gulshan-1', 'Gulshan 1', 'গুলশান ১', 'Gulshan', NULL, 0, NULL, NULL, 1, 0, 0),
  ('gulshan-2', 'Gulshan 2', 'গুলশান ২', 'Gulshan', NULL, 0, NULL, NULL, 1, 0, 0),
  ('jatrabari', 'Jatrabari', 'যাত্রাবাড়ী', 'Jatrabari', NULL, 0, NULL, NULL, 1, 0, 0),
  ('khilgaon', 'Khilgaon', 'খিলগাঁও', 'Khilgaon', NULL, 0, NULL, NULL, 1, 0, 0),
  ('lalbagh', 'Lalbagh', 'লালবাগ', 'Lalbagh', NULL, 0, NULL, NULL, 1, 0, 0),
  ('mirpur-1', 'Mirpur 1', 'মিরপুর ১', 'Shah Ali', NULL, 0, NULL, NULL, 1, 0, 0),
  ('mirpur-10', 'Mirpur 10', 'মিরপুর ১০', 'Mirpur Model', NULL, 0, NULL, NULL, 1, 0, 0),
  ('moghbazar', 'Moghbazar', 'মগবাজার', 'Ramna', NULL, 0, NULL, NULL, 1, 0, 0),
  ('mohammadpur', 'Mohammadpur', 'মোহাম্মদপুর', 'Mohammadpur', NULL, 0, NULL, NULL, 1, 0, 0),
  ('motijheel', 'Motijheel', 'মতিঝিল', 'Motijheel', NULL, 0, NULL, NULL, 1, 0, 0),
  ('pallabi', 'Pallabi', 'পল্লবী', 'Pallabi', NULL, 0, NULL, NULL, 1, 0, 0),
  ('rampura', 'Rampura', 'রামপুরা', 'Rampura', NULL, 0, NULL, NULL, 1, 0, 0),
  ('shyamoli', 'Shyamoli', 'শ্যামলী', 'Adabor', NULL, 0, NULL, NULL, 1, 0, 0),
  ('tejgaon', 'Tejgaon', 'তেজগাঁও', 'Tejgaon', NULL, 0, NULL, NULL, 1, 0, 0),
  ('uttara-sector-4', 'Uttara Sector 4', 'উত্তরা সেক্টর ৪', 'Uttara East', NULL, 0, NULL, NULL, 1, 0, 0),
  ('uttara-sector-11', 'Uttara Sector 11', 'উত্তরা সেক্টর ১১', 'Uttara West', NULL, 0, NULL, NULL, 1, 0, 0),
  ('wari', 'Wari', 'ওয়ারী', 'Wari', NULL, 0, NULL, NULL, 1, 0, 0),
  ('ashulia', 'Ashulia', 'আশুলিয়া', 'Ashulia', 120, 600, NULL, NULL, 1, 0, 0),
  ('keraniganj', 'Keraniganj', 'কেরানীগঞ্জ', 'Keraniganj Model', 100, 500, NULL, NULL, 1, 0, 0),
  ('savar', 'Savar', 'সাভার', 'Savar', 100, 500, 2000, '["09:00","15:00"]', 1, 0, 0),
  ('tongi', 'Tongi', 'টঙ্গী', 'Tongi East', 100, 500, NULL, NULL, 1, 0, 0),
  ('gazipur', 'Gazipur (Joydebpur)', 'গাজীপুর (জয়দেবপুর)', 'Gazipur Sadar', 150, 800, 3000, '["11:00","15:00"]', 1, 0, 0),
  ('narayanganj', 'Narayanganj', 'নারায়ণগঞ্জ', 'Narayanganj Sadar', 150, 800, 3000, '["11:00","15:00"]', 1, 0, 0);
