-- CASE, CAST, arithmetic and bit operations.
SELECT CAST('42' AS INTEGER) + 1 AS n,
       CAST(3.99 AS INT) AS truncated,
       CAST(17 AS TEXT) || '!' AS shout,
       CAST('1e3' AS REAL) AS thousand,
       CAST(x'41424344' AS TEXT) AS letters,
       CAST(12 AS NUMERIC(10, 2)) AS numeric_col;

SELECT 7 / 2, 7 % 3, 7.0 / 2, -7 / 2, - -3, +4, ~0,
       1 << 4, 256 >> 2, 6 & 3, 6 | 3, 0x1F + 0XaB, 1.5e3, .5, 2.;

SELECT 2 + 3 * 4 = 14 AS precedence_ok,
       (2 + 3) * 4 AS grouped,
       'a' || 'b' || 1 + 2 AS concat_binds_tighter,
       NOT 1 = 2 AS not_is_loose,
       1 < 2 = 1 AS cmp_before_eq;

WITH grades(name, score) AS (VALUES ('ann', 93), ('bob', 71), ('cid', 58), ('dee', NULL))
SELECT name,
       CASE WHEN score >= 90 THEN 'A'
            WHEN score >= 80 THEN 'B'
            WHEN score >= 70 THEN 'C'
            WHEN score IS NULL THEN '-'
            ELSE 'F' END AS grade,
       CASE score % 2 WHEN 0 THEN 'even' WHEN 1 THEN 'odd' END AS parity,
       iif(score > 60, 'pass', 'fail') AS outcome,
       nullif(score, 71) AS not_bob,
       max(score, 60) AS floored,
       abs(score - 75) AS distance
FROM grades;
