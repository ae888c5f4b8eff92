-- String handling: escapes, blobs, collations, pattern matching.
CREATE TABLE words (w TEXT COLLATE NOCASE, note TEXT);
INSERT INTO words VALUES ('Apple', 'it''s red'), ('banana', ''''), ('cherry', 'a ''quoted'' word'),
                         ('apple', NULL), ('Éclair', 'unicode');

SELECT w, note, length(note), quote(note) FROM words ORDER BY w COLLATE BINARY;
SELECT DISTINCT w FROM words ORDER BY w;
SELECT w FROM words WHERE w = 'APPLE' COLLATE NOCASE;
SELECT w FROM words WHERE w LIKE 'a%' OR w NOT LIKE '%e%';
SELECT w FROM words WHERE note LIKE '%!%%' ESCAPE '!';
SELECT w FROM words WHERE w GLOB '[a-c]*';
SELECT hex('abc'), X'616263' = CAST('abc' AS BLOB), zeroblob(4), length(x'00FF00');
SELECT replace(w, 'a', 'A'), upper(w), lower(w), trim('  pad  '), substr(w, 2, 3),
       instr(w, 'an'), printf('%5.2f|%-4s|%03d', 3.14159, 'x', 7), unicode('A'), char(72, 105)
FROM words WHERE note IS NOT NULL;
SELECT group_concat(w, '; ') FROM (SELECT w FROM words ORDER BY w);
