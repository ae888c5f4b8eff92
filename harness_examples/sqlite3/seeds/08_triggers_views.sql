CREATE TABLE account(id INTEGER PRIMARY KEY, owner TEXT, balance INTEGER DEFAULT 0);
CREATE TABLE audit(at INTEGER, account INTEGER, delta INTEGER);
CREATE TRIGGER account_update AFTER UPDATE OF balance ON account
  WHEN new.balance <> old.balance
BEGIN
  INSERT INTO audit VALUES ((SELECT count(*) FROM audit) + 1, new.id, new.balance - old.balance);
END;
CREATE TRIGGER no_negative BEFORE UPDATE ON account WHEN new.balance < 0
BEGIN SELECT RAISE(ABORT, 'negative balance'); END;
CREATE VIEW rich AS SELECT owner, balance FROM account WHERE balance > 100;
CREATE TRIGGER rich_insert INSTEAD OF INSERT ON rich BEGIN INSERT INTO account(owner, balance) VALUES (new.owner, new.balance); END;
INSERT INTO account(owner, balance) VALUES ('ann', 50), ('bo', 500);
UPDATE account SET balance = balance + 75 WHERE owner = 'ann';
INSERT INTO rich VALUES ('cy', 1000);
SELECT * FROM rich;
SELECT * FROM audit;
UPDATE account SET balance = -1 WHERE owner = 'bo';
