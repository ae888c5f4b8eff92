CREATE TABLE sales(region TEXT, product TEXT, qty INTEGER, price REAL, sold_on TEXT);
INSERT INTO sales VALUES
 ('north','apple',10,0.5,'2024-01-03'),('north','pear',3,0.75,'2024-01-04'),
 ('south','apple',7,0.55,'2024-02-10'),('south','plum',12,0.3,'2024-02-11'),
 ('east','apple',1,0.6,'2024-03-01'),('east',NULL,5,NULL,'2024-03-02');
SELECT region, sum(qty * price) AS revenue, count(DISTINCT product), group_concat(product, '|')
  FROM sales GROUP BY region HAVING sum(qty) > 4 ORDER BY revenue DESC NULLS LAST;
SELECT product, max(price), min(sold_on) FROM sales WHERE product IS NOT NULL GROUP BY 1;
SELECT strftime('%m', sold_on) AS month, total(qty) FROM sales GROUP BY month;
SELECT count(*) FILTER (WHERE price > 0.5), count(*) FROM sales;
