-- Introspection: pragmas, table-valued pragma functions and query plans.
PRAGMA journal_mode = MEMORY;
PRAGMA synchronous = FULL;
PRAGMA cache_size = -2000;
PRAGMA main.page_size;
PRAGMA foreign_keys = on;
PRAGMA temp_store = 2;

CREATE TABLE t1 (a INTEGER PRIMARY KEY, b TEXT, c REAL);
CREATE INDEX t1_b ON t1 (b);
CREATE INDEX t1_bc ON t1 (b, c);
INSERT INTO t1 (b, c) VALUES ('x', 1.5), ('y', 2.5), ('x', 3.0);

PRAGMA table_info(t1);
PRAGMA index_list('t1');
SELECT name, type FROM pragma_table_info('t1') ORDER BY cid;
SELECT count(*) AS indexes FROM pragma_index_list('t1');

EXPLAIN QUERY PLAN SELECT * FROM t1 WHERE b = 'x' AND c > 2;
EXPLAIN QUERY PLAN SELECT a FROM t1 NOT INDEXED WHERE b = 'y';
EXPLAIN QUERY PLAN SELECT a FROM t1 INDEXED BY t1_b WHERE b = 'y';
EXPLAIN SELECT 1 + 1;

ANALYZE;
ANALYZE main.t1;
REINDEX t1_b;
PRAGMA integrity_check;
PRAGMA quick_check(1);
VACUUM;
