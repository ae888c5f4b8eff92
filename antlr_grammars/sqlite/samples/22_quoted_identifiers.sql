-- Identifiers that need quoting: spaces, keywords and mixed case.
CREATE TABLE "Order Items" (
    "order" INTEGER,
    [group] TEXT,
    `select` REAL,
    "Mixed""Quote" TEXT,
    key TEXT,
    action TEXT
);
INSERT INTO "Order Items" ("order", [group], `select`, "Mixed""Quote", key, action)
    VALUES (1, 'a', 1.5, 'q', 'k1', 'add'), (2, 'b', 2.5, 'r', 'k2', 'remove');

SELECT "order", [group] AS "Group Name", `select` * 2 AS doubled, "Mixed""Quote"
FROM "Order Items" AS "oi"
WHERE "oi"."order" > 0 AND oi.[group] IN ('a', 'b')
ORDER BY "order" DESC;

SELECT key, action, rowid FROM main."Order Items" WHERE key = 'k1';
CREATE INDEX "idx on group" ON "Order Items" ([group]);
ALTER TABLE "Order Items" RENAME TO order_items;
SELECT count(*) FROM order_items;
