-- Every literal form and bind parameter style (unbound parameters are NULL).
SELECT 0, 42, -7, +3, 3.14, .5, 1., 1e3, 2.5E-3, 7e+2, 0x1F, 0XfF, 0x7fffffffffffffff;
SELECT 'it''s', '', 'multi
line', x'', X'00ff', x'DEADbeef', NULL, TRUE, FALSE;
SELECT CURRENT_DATE IS NOT NULL, CURRENT_TIME IS NOT NULL, CURRENT_TIMESTAMP IS NOT NULL;
SELECT ?, ?1, ?2, ?42, :name, @name, $name, :a_b1, @x9, $long_name_42;
SELECT $ns::key, $ns::inner::leaf, $arr(1), $arr(key,2), :x::y;
SELECT coalesce(?3, :fallback, 'none') AS picked, typeof(@missing) AS kind;
SELECT length(x'0102030405'), hex(x'cafe'), quote(X'0A');
SELECT 1.5e10 + 0x10 * 2 - .25 / 4e0 % 3 AS mixed;
SELECT "double quoted", [bracketed], `back ticked`
FROM (SELECT 1 AS "double quoted", 2 AS [bracketed], 3 AS `back ticked`);
SELECT 'a' || 'b' || x'63' AS joined, -9223372036854775808 AS minimum;
