-- Trigger programs: INSTEAD OF on a view, RAISE in every form, upserts and
-- UPDATE ... FROM in trigger bodies, WHEN clauses and UPDATE OF columns.
CREATE TABLE products (
    sku TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    price INTEGER NOT NULL CHECK (price >= 0),
    stock INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE price_history (sku TEXT, old_price INTEGER, new_price INTEGER, changed_at TEXT);
CREATE TABLE stock_totals (sku TEXT PRIMARY KEY, total INTEGER NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, sku TEXT, qty INTEGER);
CREATE VIEW catalog (code, title, euros) AS
    SELECT sku, name, price / 100.0 FROM products;

CREATE TRIGGER IF NOT EXISTS catalog_insert INSTEAD OF INSERT ON catalog
FOR EACH ROW
BEGIN
    INSERT INTO products (sku, name, price) VALUES (new.code, new.title, CAST(new.euros * 100 AS INTEGER));
END;

CREATE TRIGGER catalog_delete INSTEAD OF DELETE ON catalog
BEGIN
    SELECT RAISE(IGNORE) WHERE old.code LIKE 'KEEP%';
    DELETE FROM products WHERE sku = old.code;
END;

CREATE TRIGGER price_guard BEFORE UPDATE OF price ON products
WHEN new.price > old.price * 10
BEGIN
    SELECT RAISE(ABORT, 'price jump too large');
END;

CREATE TEMP TRIGGER price_log AFTER UPDATE OF price, name ON main.products
FOR EACH ROW WHEN old.price IS NOT new.price
BEGIN
    INSERT INTO price_history VALUES (new.sku, old.price, new.price, CURRENT_TIMESTAMP);
END;

CREATE TRIGGER order_stock AFTER INSERT ON orders
BEGIN
    SELECT CASE WHEN (SELECT stock FROM products WHERE sku = new.sku) < new.qty
                THEN RAISE(FAIL, 'not enough stock') END;
    UPDATE products SET stock = stock - new.qty WHERE sku = new.sku;
    INSERT INTO stock_totals (sku, total) VALUES (new.sku, new.qty)
        ON CONFLICT (sku) DO UPDATE SET total = total + excluded.total;
    REPLACE INTO price_history (sku, old_price, new_price)
        SELECT sku, price, price FROM products WHERE sku = new.sku;
END;

CREATE TRIGGER order_cancel BEFORE DELETE ON orders
BEGIN
    SELECT RAISE(ROLLBACK, 'orders are never deleted') WHERE old.qty > 100;
    UPDATE OR REPLACE products SET stock = products.stock + o.qty
        FROM (SELECT sku, qty FROM orders WHERE id = old.id) AS o
        WHERE products.sku = o.sku;
    WITH gone(s) AS (SELECT old.sku)
    SELECT count(*) FROM gone;
END;

INSERT INTO catalog (code, title, euros) VALUES ('A-1', 'anchor', 12.5), ('KEEP-1', 'buoy', 3);
UPDATE products SET stock = 50;
UPDATE products SET price = price + 100 WHERE sku = 'A-1';
INSERT INTO orders (sku, qty) VALUES ('A-1', 5), ('A-1', 2), ('KEEP-1', 1);
DELETE FROM orders WHERE id = 2;
DELETE FROM catalog WHERE code = 'KEEP-1';
SELECT * FROM products ORDER BY sku;
SELECT * FROM stock_totals ORDER BY sku;
SELECT sku, old_price, new_price FROM price_history ORDER BY rowid;
DROP TRIGGER price_log;
DROP VIEW IF EXISTS catalog;
