-- STRICT and WITHOUT ROWID tables for a key-value cache.
CREATE TABLE kv (
    namespace TEXT NOT NULL,
    key       TEXT NOT NULL,
    value     BLOB,
    expires   INTEGER,
    PRIMARY KEY (namespace, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE counters (
    name  TEXT PRIMARY KEY,
    n     INTEGER NOT NULL DEFAULT 0,
    ratio REAL,
    extra ANY
) STRICT;

INSERT INTO kv VALUES ('sess', 'abc', X'DEADBEEF', 1700000000),
                      ('sess', 'def', x'', NULL),
                      ('conf', 'theme', CAST('dark' AS BLOB), NULL);
INSERT INTO counters (name, n, ratio, extra) VALUES ('hits', 10, 0.5, 'text'),
                                                     ('misses', 3, NULL, 42);

SELECT namespace, key, hex(value) AS hex_value, length(value) AS bytes
FROM kv WHERE expires IS NULL OR expires > 1600000000
ORDER BY namespace, key;

SELECT name, typeof(extra), n * 1.0 / (SELECT sum(n) FROM counters) AS share
FROM counters;

DELETE FROM kv WHERE namespace = 'sess' AND expires NOTNULL;
SELECT count(*) FROM kv;
