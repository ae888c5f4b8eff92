-- RIGHT, FULL and NATURAL joins between two partial rosters.
CREATE TABLE team_a (person TEXT PRIMARY KEY, role TEXT);
CREATE TABLE team_b (person TEXT PRIMARY KEY, shift TEXT);
CREATE TABLE roles (role TEXT PRIMARY KEY, pay INTEGER);
INSERT INTO team_a VALUES ('ann', 'lead'), ('bob', 'dev'), ('cid', 'qa');
INSERT INTO team_b VALUES ('bob', 'night'), ('dee', 'day');
INSERT INTO roles VALUES ('lead', 3), ('dev', 2), ('qa', 1);

SELECT coalesce(a.person, b.person) AS person, a.role, b.shift
FROM team_a a FULL OUTER JOIN team_b b ON a.person = b.person
ORDER BY person;

SELECT b.person, a.role FROM team_a a RIGHT JOIN team_b b USING (person);
SELECT person, role, pay FROM team_a NATURAL JOIN roles ORDER BY pay DESC;
SELECT person, shift FROM team_a NATURAL LEFT OUTER JOIN team_b;
SELECT a.person, r.role FROM team_a a, roles r WHERE a.role = r.role AND r.pay IS NOT 1;
SELECT x.person FROM (team_a AS x JOIN roles AS y ON x.role = y.role) WHERE y.pay > 1;
