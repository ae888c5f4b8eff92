-- Nested savepoints around a batch of ledger postings.
CREATE TABLE ledger (id INTEGER PRIMARY KEY, account TEXT, delta INTEGER);

BEGIN DEFERRED;
INSERT INTO ledger (account, delta) VALUES ('cash', 100), ('sales', -100);
SAVEPOINT batch_two;
INSERT INTO ledger (account, delta) VALUES ('cash', -30);
SAVEPOINT inner_fix;
INSERT INTO ledger (account, delta) VALUES ('bogus', 999);
ROLLBACK TRANSACTION TO SAVEPOINT inner_fix;
INSERT INTO ledger (account, delta) VALUES ('supplies', 30);
RELEASE SAVEPOINT batch_two;
SAVEPOINT discard_me;
DELETE FROM ledger;
ROLLBACK TO discard_me;
RELEASE discard_me;
END TRANSACTION;

BEGIN EXCLUSIVE TRANSACTION;
UPDATE ledger SET delta = delta * 1 WHERE account = 'cash';
ROLLBACK;

SELECT account, sum(delta) AS balance FROM ledger GROUP BY account ORDER BY account;
SELECT sum(delta) = 0 AS balanced FROM ledger;
