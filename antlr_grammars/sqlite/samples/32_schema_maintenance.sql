-- Schema changes and maintenance: every ALTER TABLE form, table constraints
-- without separating commas, DEFAULT forms, pragmas, transactions with names.
BEGIN DEFERRED TRANSACTION setup;
CREATE TABLE IF NOT EXISTS main.customers (
    id INTEGER CONSTRAINT pk PRIMARY KEY ASC ON CONFLICT ROLLBACK,
    email TEXT NOT NULL ON CONFLICT ABORT COLLATE NOCASE UNIQUE ON CONFLICT REPLACE,
    tier TEXT DEFAULT 'basic' CHECK (tier IN ('basic', 'gold')),
    credit REAL DEFAULT -1.5,
    limit_cents INTEGER DEFAULT +100,
    joined TEXT DEFAULT CURRENT_TIMESTAMP,
    flags INTEGER DEFAULT (1 << 2),
    status TEXT DEFAULT active,
    note TEXT COLLATE 'binary',
    referrer INTEGER REFERENCES customers (id) ON DELETE SET NULL ON UPDATE CASCADE
        MATCH SIMPLE DEFERRABLE INITIALLY DEFERRED,
    region VARCHAR(32),
    score DECIMAL(10, 2) NOT NULL DEFAULT 0,
    CONSTRAINT email_len CHECK (length(email) > 3)
    UNIQUE (email, tier) ON CONFLICT IGNORE
    FOREIGN KEY (referrer) REFERENCES customers (id) NOT DEFERRABLE INITIALLY IMMEDIATE
);
CREATE TABLE audit (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT, old_value ANY) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS customers_email ON customers (email COLLATE NOCASE DESC);
CREATE INDEX customers_gold ON customers (region, score DESC) WHERE tier = 'gold';
CREATE INDEX customers_expr ON customers (lower(email), length(note));
COMMIT TRANSACTION setup;

INSERT INTO customers (email, tier, region) VALUES ('ann@example.org', 'gold', 'north'),
                                                  ('bob@example.org', 'basic', 'south');
SAVEPOINT migrate;
ALTER TABLE customers ADD COLUMN phone TEXT;
ALTER TABLE main.customers ADD nickname TEXT DEFAULT '' NOT NULL;
ALTER TABLE customers RENAME COLUMN phone TO phone_number;
ALTER TABLE customers RENAME note TO remark;
ALTER TABLE customers DROP COLUMN nickname;
ALTER TABLE audit RENAME TO audit_log;
ALTER TABLE audit_log DROP what;
RELEASE SAVEPOINT migrate;

BEGIN IMMEDIATE;
UPDATE customers SET phone_number = '555-0100' WHERE email LIKE 'ann%';
ROLLBACK TRANSACTION;
BEGIN EXCLUSIVE TRANSACTION;
END TRANSACTION;

PRAGMA foreign_keys = ON;
PRAGMA main.cache_size = -4000;
PRAGMA cache_size = DEFAULT;
PRAGMA journal_mode = DELETE;
PRAGMA synchronous = FULL;
PRAGMA temp_store = 'memory';
PRAGMA table_info(customers);
PRAGMA main.index_list('customers');
PRAGMA integrity_check(10);
PRAGMA optimize;
ANALYZE main;
ANALYZE customers;
ANALYZE main.customers_email;
REINDEX;
REINDEX NOCASE;
REINDEX main.customers;
VACUUM;
VACUUM main;
SELECT email, tier, region, phone_number FROM customers ORDER BY id;
DROP INDEX IF EXISTS customers_expr;
DROP TABLE IF EXISTS main.audit_log;
