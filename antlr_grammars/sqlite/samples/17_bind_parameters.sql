-- Prepared-statement style queries; unbound parameters evaluate to NULL.
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL, tag TEXT);
INSERT INTO items (name, price, tag) VALUES ('pen', 1.5, 'office'), ('lamp', 19.0, 'home'),
                                             ('mug', 6.25, 'home');

SELECT * FROM items WHERE id = ?;
SELECT * FROM items WHERE id = ?1 OR name = ?2;
SELECT * FROM items WHERE tag = :tag AND price < :max_price;
SELECT * FROM items WHERE name LIKE @pattern;
SELECT * FROM items WHERE price BETWEEN $lo AND $hi;
SELECT coalesce(:limit, 10) AS page_size, ifnull(?3, 'none') AS third;
UPDATE items SET price = coalesce(:new_price, price) WHERE id = :id;
SELECT name, price FROM items ORDER BY price LIMIT coalesce(:n, 2);
