CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, age INTEGER CHECK(age >= 0));
INSERT INTO users(name, email, age) VALUES ('alice', 'alice@example.org', 31), ('bob', 'bob@example.org', 27), ('carol', NULL, 45);
UPDATE users SET age = age + 1 WHERE name = 'bob';
DELETE FROM users WHERE email IS NULL;
SELECT id, name, upper(email), age FROM users ORDER BY age DESC;
SELECT count(*), min(age), max(age), avg(age), sum(age), total(age) FROM users;
