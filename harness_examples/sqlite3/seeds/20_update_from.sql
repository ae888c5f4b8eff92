CREATE TABLE inventory(item TEXT PRIMARY KEY, qty INTEGER);
CREATE TABLE shipments(item TEXT, qty INTEGER);
INSERT INTO inventory VALUES ('bolt', 100), ('nut', 50), ('gear', 0);
INSERT INTO shipments VALUES ('bolt', 20), ('nut', 5), ('bolt', 7);
UPDATE inventory SET qty = inventory.qty + s.total
  FROM (SELECT item, sum(qty) AS total FROM shipments GROUP BY item) AS s
  WHERE s.item = inventory.item;
SELECT * FROM inventory ORDER BY item;
CREATE TEMP TABLE scratch AS SELECT item, qty * 2 AS doubled FROM inventory;
SELECT * FROM temp.scratch;
DROP TABLE scratch;
