-- Audit trail kept by triggers.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0)
);
CREATE TABLE audit_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER,
    action TEXT NOT NULL,
    old_balance INTEGER,
    new_balance INTEGER,
    at TEXT DEFAULT CURRENT_TIMESTAMP
);

CREATE TRIGGER accounts_ai AFTER INSERT ON accounts
BEGIN
    INSERT INTO audit_log (account_id, action, new_balance)
    VALUES (new.id, 'open', new.balance);
END;

CREATE TRIGGER accounts_au AFTER UPDATE OF balance ON accounts
FOR EACH ROW WHEN old.balance <> new.balance
BEGIN
    INSERT INTO audit_log (account_id, action, old_balance, new_balance)
    VALUES (new.id, CASE WHEN new.balance > old.balance THEN 'credit' ELSE 'debit' END,
            old.balance, new.balance);
END;

CREATE TRIGGER accounts_bd BEFORE DELETE ON accounts
BEGIN
    SELECT RAISE(ABORT, 'account still has funds') WHERE old.balance > 0;
    INSERT INTO audit_log (account_id, action, old_balance) VALUES (old.id, 'close', old.balance);
END;

INSERT INTO accounts (owner, balance) VALUES ('ann', 100), ('bob', 0);
UPDATE accounts SET balance = balance - 40 WHERE owner = 'ann';
UPDATE accounts SET balance = balance + 15 WHERE owner = 'bob';
UPDATE accounts SET balance = balance WHERE owner = 'bob';
UPDATE accounts SET balance = 0 WHERE owner = 'bob';
DELETE FROM accounts WHERE owner = 'bob';

SELECT seq, account_id, action, old_balance, new_balance FROM audit_log ORDER BY seq;
DROP TRIGGER IF EXISTS accounts_bd;
