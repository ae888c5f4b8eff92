-- Expression forms: comparisons, pattern matching, IN, EXISTS, CASE, CAST,
-- COLLATE, JSON operators, bitwise operators and NULL tests.
CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, tag TEXT, qty INTEGER, meta TEXT);
INSERT INTO items (name, tag, qty, meta) VALUES
    ('Rope', 'gear', 10, '{"len": 30, "colors": ["red", "blue"]}'),
    ('rope_50%', 'gear', NULL, '{"len": 50}'),
    ('Lamp', NULL, 3, '{"watts": 40, "spare": {"bulbs": 2}}'),
    ('Map', 'paper', 0, NULL);
CREATE TABLE wanted (name TEXT);
INSERT INTO wanted VALUES ('Lamp'), ('Map');

SELECT id,
       name IS DISTINCT FROM 'Rope' AS not_rope,
       tag IS NOT DISTINCT FROM NULL AS no_tag,
       qty IS NULL, qty ISNULL, qty NOTNULL, qty NOT NULL, qty IS NOT 0,
       qty == 10, qty <> 3, qty != 0, qty BETWEEN 1 AND 5, qty NOT BETWEEN 1 AND 5
FROM items ORDER BY id;

SELECT name FROM items WHERE name LIKE 'rope\_%' ESCAPE '\' OR name NOT LIKE 'r%' ESCAPE '!';
SELECT name FROM items WHERE name GLOB '[LM]*' AND name NOT GLOB '*x*';
SELECT name FROM items WHERE name COLLATE NOCASE = 'rope' ORDER BY name COLLATE BINARY DESC;
SELECT name FROM items WHERE name IN wanted;
SELECT name FROM items WHERE name NOT IN (SELECT name FROM wanted) AND tag IN ('gear', 'paper');
SELECT name FROM items WHERE qty IN () OR id IN (1, 3);
SELECT name FROM items AS i WHERE EXISTS (SELECT 1 FROM wanted AS w WHERE w.name = i.name)
   AND NOT EXISTS (SELECT 1 FROM wanted WHERE name = 'Rope');
SELECT key, value FROM items, json_each(items.meta) WHERE value IN (SELECT value FROM json_each('[30, 40]'));

SELECT name,
       meta -> '$.len' AS len_json, meta ->> '$.len' AS len,
       meta -> 'colors' ->> 1 AS second_color, meta ->> '$.spare.bulbs' AS bulbs,
       CASE WHEN qty IS NULL THEN 'unknown' WHEN qty = 0 THEN 'out' ELSE 'in' END AS stock,
       CASE tag WHEN 'gear' THEN 1 WHEN 'paper' THEN 2 END AS tag_code,
       CAST(qty AS TEXT) || 'x' AS qty_text, CAST('12abc' AS INTEGER) AS leading,
       CAST(3.9 AS INT), CAST(name AS BLOB), CAST(qty AS DOUBLE PRECISION),
       CAST('1e3' AS NUMERIC(10, 2)),
       ~qty, -qty, +qty, qty & 6, qty | 1, qty << 2, qty >> 1, qty % 4,
       (qty, id) = (10, 1) AS row_match, (qty, id) < (5, 9) AS row_less
FROM items ORDER BY id;

SELECT tag, count(DISTINCT name) AS names, total(qty) AS total_qty, count(*)
FROM items GROUP BY tag ORDER BY tag NULLS FIRST;
SELECT max(qty) FROM items HAVING max(qty) > 5;
SELECT NOT 1 = 2 AND 3 > 2 OR 0, 1 + 2 * 3 - 4 / 2, 'a' < 'b' = 1;
