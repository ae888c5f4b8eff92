/* Shop schema with money stored as integer cents. */
BEGIN TRANSACTION;

CREATE TABLE customers (
    customer_id INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    country     CHAR(2) NOT NULL DEFAULT 'US',
    created     TEXT DEFAULT CURRENT_DATE
);

CREATE TABLE products (
    sku         TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    weight_g    REAL,
    discontinued BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE orders (
    order_id    INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL,
    placed_at   TEXT NOT NULL,
    state       TEXT NOT NULL DEFAULT 'open',
    CONSTRAINT fk_customer FOREIGN KEY (customer_id)
        REFERENCES customers (customer_id) ON UPDATE CASCADE ON DELETE NO ACTION
        DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE order_lines (
    order_id INTEGER NOT NULL REFERENCES orders,
    line_no  INTEGER NOT NULL,
    sku      TEXT NOT NULL REFERENCES products (sku),
    qty      INTEGER NOT NULL DEFAULT 1 CHECK (qty > 0),
    unit_cents INTEGER NOT NULL,
    CONSTRAINT pk_lines PRIMARY KEY (order_id, line_no) ON CONFLICT ABORT
);

CREATE UNIQUE INDEX ux_products_title ON products (title COLLATE NOCASE);
CREATE INDEX ix_orders_customer ON orders (customer_id, placed_at DESC);
CREATE INDEX ix_open_orders ON orders (placed_at) WHERE state = 'open';

COMMIT;

INSERT INTO customers (customer_id, name, country) VALUES
    (1, 'Acme Corp', 'US'), (2, 'Globex', 'DE'), (3, 'Initech', 'US');
INSERT INTO products VALUES
    ('W-1', 'Widget', 250, 12.5, 0),
    ('G-7', 'Gadget', 1999, 340.0, 0),
    ('S-3', 'Sprocket', 75, 2.25, 1);
INSERT INTO orders VALUES (10, 1, '2024-03-01 10:00:00', 'shipped'),
                          (11, 2, '2024-03-02 11:30:00', 'open'),
                          (12, 1, '2024-03-05 09:15:00', 'open');
INSERT INTO order_lines VALUES (10, 1, 'W-1', 4, 250), (10, 2, 'G-7', 1, 1999),
                               (11, 1, 'S-3', 40, 75), (12, 1, 'W-1', 10, 240);

SELECT c.name,
       count(DISTINCT o.order_id) AS orders,
       sum(l.qty * l.unit_cents) / 100.0 AS revenue
FROM customers c
JOIN orders o ON o.customer_id = c.customer_id
JOIN order_lines l ON l.order_id = o.order_id
GROUP BY c.customer_id
HAVING revenue > 10
ORDER BY revenue DESC;
