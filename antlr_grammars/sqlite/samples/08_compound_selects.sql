-- Set operations over two mailing lists.
CREATE TABLE newsletter (email TEXT PRIMARY KEY);
CREATE TABLE customers (email TEXT PRIMARY KEY, vip INTEGER DEFAULT 0);
INSERT INTO newsletter VALUES ('a@x.io'), ('b@x.io'), ('c@x.io'), ('d@x.io');
INSERT INTO customers VALUES ('c@x.io', 1), ('d@x.io', 0), ('e@x.io', 1);

SELECT email, 'newsletter' AS src FROM newsletter
UNION ALL
SELECT email, 'customer' FROM customers
ORDER BY email, src;

SELECT email FROM newsletter UNION SELECT email FROM customers;
SELECT email FROM newsletter INTERSECT SELECT email FROM customers;
SELECT email FROM newsletter EXCEPT SELECT email FROM customers ORDER BY 1 DESC;

VALUES ('admin@x.io')
UNION
SELECT email FROM customers WHERE vip
EXCEPT
SELECT email FROM newsletter
ORDER BY 1
LIMIT 10;

SELECT count(*) AS overlap
FROM (SELECT email FROM newsletter INTERSECT SELECT email FROM customers);
