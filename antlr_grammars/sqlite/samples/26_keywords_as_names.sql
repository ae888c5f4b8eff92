-- Keywords that SQLite lets stand for names: a calendar app whose columns
-- were named by people who did not care about reserved words.
CREATE TABLE "plan" (
    key INTEGER PRIMARY KEY,
    "action" TEXT NOT NULL,
    "first" TEXT,
    "last" TEXT,
    "row" INTEGER,
    "replace" INTEGER DEFAULT 0,
    "temp" REAL,
    "current" TEXT DEFAULT current_date,
    "no" INTEGER
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    begin TEXT NOT NULL,
    end TEXT,
    query TEXT,
    filter TEXT,
    window INTEGER,
    over INTEGER,
    range INTEGER,
    rows INTEGER,
    partition TEXT,
    generated INTEGER,
    always INTEGER,
    materialized INTEGER,
    do TEXT,
    "left" INTEGER,
    "right" INTEGER,
    stored TEXT,
    strict INTEGER
);
CREATE TABLE 'legacy_names' (a, b);
INSERT INTO 'legacy_names' VALUES (1, 2);

INSERT INTO "plan" (key, "action", "first", "last", "row", "temp", "no")
VALUES (1, 'start', 'ann', 'bee', 1, 20.5, 0),
       (2, 'stop', 'cid', 'dot', 2, 18.0, 1);
INSERT INTO events (begin, end, query, filter, window, over, range, rows, partition,
                    generated, always, materialized, do, "left", "right", stored, strict)
VALUES ('09:00', '10:00', 'standup', 'team', 1, 2, 3, 4, 'p1', 0, 1, 0, 'talk', 5, 6, 'x', 1),
       ('11:00', NULL, 'review', 'all', 2, 3, 4, 5, 'p2', 1, 0, 1, 'read', 7, 8, 'y', 0);

SELECT key, action, first, last, row, temp, no FROM "plan" WHERE no = 0;
SELECT begin, end, query AS what, filter, window, over, range, rows
FROM events
WHERE end IS NOT NULL OR do = 'read'
ORDER BY begin DESC;
SELECT partition, generated + always AS flags, materialized, left + right AS width
FROM events AS e
WHERE e.stored IN ('x', 'y') AND e.strict >= 0;
SELECT count(*) filter, max(over) window FROM events;
SELECT 'legacy_names'.a, legacy_names.b FROM 'legacy_names';
SELECT replace(first, 'a', 'A') AS first, like('%n%', first) AS has_n,
       glob('*e*', last) AS has_e
FROM "plan";
UPDATE events SET end = '12:00', do = do || '!' WHERE end IS NULL;
SELECT key AS desc, "action" asc FROM "plan" ORDER BY desc;
