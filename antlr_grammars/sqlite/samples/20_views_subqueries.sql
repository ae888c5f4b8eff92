-- Views built from subqueries, including correlated and scalar subqueries.
CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE staff (id INTEGER PRIMARY KEY, dept_id INTEGER, name TEXT, salary INTEGER);
INSERT INTO departments VALUES (1, 'Eng'), (2, 'Ops'), (3, 'Legal');
INSERT INTO staff VALUES (1, 1, 'ann', 150), (2, 1, 'bob', 120), (3, 2, 'cid', 90),
                         (4, 2, 'dee', 95), (5, 1, 'eve', 170);

CREATE VIEW dept_stats AS
    SELECT d.id, d.name, s.headcount, s.avg_salary
    FROM departments d
    LEFT JOIN (SELECT dept_id, count(*) AS headcount, avg(salary) AS avg_salary
               FROM staff GROUP BY dept_id) AS s ON s.dept_id = d.id;

CREATE TEMP VIEW top_earners AS
    SELECT name, salary FROM staff s1
    WHERE salary > (SELECT avg(salary) FROM staff s2 WHERE s2.dept_id = s1.dept_id);

SELECT * FROM dept_stats ORDER BY id;
SELECT * FROM top_earners ORDER BY salary DESC;

SELECT name,
       (SELECT name FROM departments WHERE id = staff.dept_id) AS dept,
       salary - (SELECT min(salary) FROM staff) AS above_min
FROM staff
WHERE dept_id IN (SELECT id FROM departments WHERE name <> 'Legal')
  AND NOT EXISTS (SELECT 1 FROM staff b WHERE b.salary > staff.salary AND b.dept_id = staff.dept_id);

DROP VIEW IF EXISTS top_earners;
DROP VIEW dept_stats;
