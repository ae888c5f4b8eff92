CREATE TABLE m(k INTEGER, v REAL, s TEXT);
INSERT INTO m VALUES (1, 1.5, 'a'), (2, NULL, 'bb'), (3, -4.25, NULL), (4, 0, 'dddd');
SELECT k, v, s,
  CASE WHEN v IS NULL THEN 'missing' WHEN v < 0 THEN 'negative' ELSE 'ok' END AS status,
  coalesce(length(s), -1) * 2 + k AS score,
  (k % 2 = 0) AND (v IS NOT NULL) AS even_with_value,
  CAST(v AS TEXT) || '/' || typeof(v) AS desc
FROM m
WHERE k NOT IN (SELECT k FROM m WHERE s = 'zzz')
ORDER BY score DESC, k
LIMIT 10;
SELECT likely(k > 1), unlikely(k < 0), k COLLATE NOCASE FROM m;
