CREATE TABLE b(x BLOB, y ANY, z INT) STRICT;
INSERT INTO b VALUES (x'00112233', 'text', 1), (randomblob(4), 3.5, 2), (NULL, x'', NULL);
SELECT hex(x), length(x), typeof(y), z FROM b;
SELECT CAST(x'41424344' AS TEXT), CAST('3.0e2' AS REAL), CAST(12 AS BLOB), CAST('  7 ' AS NUMERIC);
SELECT substr(x'0102030405', 2, 2), instr(x'aabbcc', x'bb'), trim(x'0000ff00', x'00');
INSERT INTO b VALUES (1, 2, 'not an int');
