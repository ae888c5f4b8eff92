SELECT length('héllo'), upper('abc'), lower('ÀBC'), substr('sqlite', 2, 3), substr('sqlite', -3);
SELECT replace('a-b-c', '-', '+'), trim('  x  '), ltrim('xxabc', 'x'), rtrim('abc  '), instr('haystack', 'st');
SELECT printf('%05d|%-8s|%.3f|%x|%q|%Q|%c', 42, 'left', 3.14159, 255, 'it''s', NULL, 'Z');
SELECT format('%s has %d items', 'cart', 3), char(72, 105), unicode('€'), hex('abc'), hex(zeroblob(2));
SELECT 'abc' LIKE 'A%', 'abc' GLOB 'a*', 'a_c' LIKE 'a\_c' ESCAPE '\', 'abc' LIKE '%B%';
SELECT quote(x'deadbeef'), zeroblob(4), typeof(zeroblob(1)), 'a' || ifnull(NULL, '') || 'b';
SELECT 'x' || 1 || 2.5 || NULL, coalesce(NULL, NULL, 'third'), ifnull(NULL, 0), nullif(1, 1), iif(1 < 2, 'yes', 'no');
