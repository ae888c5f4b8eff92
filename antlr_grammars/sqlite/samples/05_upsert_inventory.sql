-- Inventory counters maintained with UPSERT and INSERT OR REPLACE.
CREATE TABLE stock (
    warehouse TEXT NOT NULL,
    sku       TEXT NOT NULL,
    qty       INTEGER NOT NULL DEFAULT 0,
    updated   TEXT,
    PRIMARY KEY (warehouse, sku)
);
CREATE TABLE prices (sku TEXT PRIMARY KEY, cents INTEGER NOT NULL);

INSERT INTO stock (warehouse, sku, qty, updated) VALUES ('east', 'W-1', 10, '2024-04-01')
    ON CONFLICT (warehouse, sku) DO UPDATE SET qty = qty + excluded.qty, updated = excluded.updated;
INSERT INTO stock (warehouse, sku, qty, updated) VALUES ('east', 'W-1', 5, '2024-04-02')
    ON CONFLICT (warehouse, sku) DO UPDATE SET qty = qty + excluded.qty, updated = excluded.updated;
INSERT INTO stock (warehouse, sku, qty) VALUES ('west', 'W-1', 3)
    ON CONFLICT DO NOTHING;
INSERT INTO stock (warehouse, sku, qty) VALUES ('west', 'W-1', 99)
    ON CONFLICT DO NOTHING;

-- Only accept a price change when it really changes something.
INSERT INTO prices VALUES ('W-1', 250);
INSERT INTO prices (sku, cents) VALUES ('W-1', 260)
    ON CONFLICT (sku) DO UPDATE SET cents = excluded.cents WHERE excluded.cents <> prices.cents;
INSERT OR REPLACE INTO prices (sku, cents) VALUES ('G-7', 1999);
REPLACE INTO prices (sku, cents) VALUES ('G-7', 1899);
INSERT OR IGNORE INTO prices VALUES ('G-7', 1);

-- Bulk load from a staging query.
INSERT INTO stock (warehouse, sku, qty)
    SELECT 'north', sku, 0 FROM prices WHERE true
    ON CONFLICT (warehouse, sku) DO NOTHING;

SELECT s.warehouse, s.sku, s.qty, p.cents * s.qty AS value_cents
FROM stock s LEFT JOIN prices p USING (sku)
ORDER BY s.warehouse, s.sku;
