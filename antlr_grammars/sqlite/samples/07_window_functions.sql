-- Sales leaderboard with window functions.
CREATE TABLE sales (
    rep    TEXT NOT NULL,
    region TEXT NOT NULL,
    month  TEXT NOT NULL,
    amount REAL NOT NULL
);
INSERT INTO sales VALUES
    ('ann', 'north', '2024-01', 1200.0), ('ann', 'north', '2024-02', 900.0),
    ('ann', 'north', '2024-03', 1500.0), ('bob', 'north', '2024-01', 700.0),
    ('bob', 'north', '2024-02', 1100.0), ('cid', 'south', '2024-01', 2000.0),
    ('cid', 'south', '2024-02', 400.0), ('dee', 'south', '2024-03', 1750.0);

SELECT rep, region, month, amount,
       sum(amount) OVER (PARTITION BY rep ORDER BY month
                         ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,
       avg(amount) OVER (PARTITION BY rep ORDER BY month
                         ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS smoothed,
       rank() OVER (PARTITION BY region ORDER BY amount DESC) AS region_rank,
       lag(amount, 1, 0) OVER w AS prev_amount,
       amount - first_value(amount) OVER w AS since_first
FROM sales
WINDOW w AS (PARTITION BY rep ORDER BY month)
ORDER BY rep, month;

-- Share of region total and percentile buckets.
SELECT region, rep, total,
       round(100.0 * total / sum(total) OVER (PARTITION BY region), 1) AS pct,
       ntile(2) OVER (ORDER BY total DESC) AS bucket,
       count(*) FILTER (WHERE total > 2000) OVER () AS big_reps
FROM (SELECT region, rep, sum(amount) AS total FROM sales GROUP BY region, rep)
ORDER BY region, total DESC;

-- Month-over-month growth with a range frame over the whole partition.
SELECT month, sum(amount) AS total,
       max(sum(amount)) OVER (ORDER BY month RANGE BETWEEN UNBOUNDED PRECEDING
                              AND UNBOUNDED FOLLOWING EXCLUDE NO OTHERS) AS best
FROM sales GROUP BY month;
