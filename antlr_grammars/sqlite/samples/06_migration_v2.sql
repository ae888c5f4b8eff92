-- Migration 2: split full names, add columns, rebuild a table.
CREATE TABLE people (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, phone TEXT);
INSERT INTO people (full_name, phone) VALUES ('Ada Lovelace', '555-0100'),
    ('Alan Turing', NULL), ('Grace Hopper', '555-0199');

BEGIN IMMEDIATE TRANSACTION;

ALTER TABLE people ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE people ADD last_name TEXT NOT NULL DEFAULT '';

UPDATE people
SET first_name = substr(full_name, 1, instr(full_name, ' ') - 1),
    last_name  = substr(full_name, instr(full_name, ' ') + 1)
WHERE instr(full_name, ' ') > 0;

ALTER TABLE people RENAME COLUMN phone TO phone_number;

CREATE TABLE people_new (
    id           INTEGER PRIMARY KEY,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL,
    phone_number TEXT,
    CHECK (length(first_name) > 0)
);
INSERT INTO people_new (id, first_name, last_name, phone_number)
    SELECT id, first_name, last_name, phone_number FROM people;
DROP TABLE people;
ALTER TABLE people_new RENAME TO people;
CREATE INDEX people_by_last ON people (last_name, first_name);

PRAGMA user_version = 2;
COMMIT;

PRAGMA user_version;
SELECT last_name || ', ' || first_name AS sort_name, phone_number FROM people ORDER BY 1;
