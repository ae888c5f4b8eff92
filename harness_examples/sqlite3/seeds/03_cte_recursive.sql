WITH RECURSIVE cnt(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM cnt WHERE x < 20)
SELECT x, x * x, x % 3 FROM cnt;
WITH RECURSIVE fib(a, b, n) AS (SELECT 0, 1, 0 UNION ALL SELECT b, a + b, n + 1 FROM fib WHERE n < 30)
SELECT n, a FROM fib WHERE a % 2 = 0;
CREATE TABLE org(name TEXT PRIMARY KEY, boss TEXT);
INSERT INTO org VALUES ('Alice', NULL), ('Bob', 'Alice'), ('Cindy', 'Alice'), ('Dave', 'Bob'), ('Emma', 'Dave');
WITH RECURSIVE under_alice(name, level) AS (
  VALUES('Alice', 0)
  UNION ALL
  SELECT org.name, under_alice.level + 1 FROM org JOIN under_alice ON org.boss = under_alice.name
  ORDER BY 2 DESC
)
SELECT substr('..........', 1, level * 3) || name FROM under_alice;
