-- Org chart walk and a number series with recursive CTEs.
CREATE TABLE employees (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    manager_id INTEGER REFERENCES employees(id),
    salary INTEGER NOT NULL
);
INSERT INTO employees VALUES
    (1, 'Alice', NULL, 250000), (2, 'Bob', 1, 180000), (3, 'Carol', 1, 175000),
    (4, 'Dave', 2, 120000), (5, 'Eve', 2, 125000), (6, 'Frank', 3, 99000),
    (7, 'Grace', 6, 87000);

WITH RECURSIVE chain(id, name, depth, path) AS (
    SELECT id, name, 0, name FROM employees WHERE manager_id IS NULL
    UNION ALL
    SELECT e.id, e.name, c.depth + 1, c.path || ' > ' || e.name
    FROM employees e JOIN chain c ON e.manager_id = c.id
)
SELECT substr('........', 1, depth * 2) || name AS org, path
FROM chain
ORDER BY path;

-- Total salary under each manager (including themselves).
WITH RECURSIVE under(root, id) AS (
    SELECT id, id FROM employees
    UNION ALL
    SELECT u.root, e.id FROM under u JOIN employees e ON e.manager_id = u.id
)
SELECT m.name, sum(e.salary) AS budget, count(*) - 1 AS reports
FROM under u
JOIN employees m ON m.id = u.root
JOIN employees e ON e.id = u.id
GROUP BY u.root
HAVING reports > 0
ORDER BY budget DESC;

-- Fibonacci numbers below 1000.
WITH RECURSIVE fib(a, b) AS (VALUES (0, 1) UNION ALL SELECT b, a + b FROM fib WHERE b < 1000)
SELECT group_concat(a, ',') FROM fib;
