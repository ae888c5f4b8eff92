-- Date arithmetic for a subscription report.
CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    customer TEXT NOT NULL,
    started TEXT NOT NULL,
    months INTEGER NOT NULL DEFAULT 1,
    cancelled TEXT
);
INSERT INTO subscriptions (customer, started, months, cancelled) VALUES
    ('ann', '2023-11-15', 12, NULL),
    ('bob', '2024-01-31', 1, '2024-02-20'),
    ('cid', '2024-02-29', 6, NULL),
    ('dee', '2022-06-01', 24, '2023-01-10');

SELECT customer,
       date(started, '+' || months || ' months') AS renews,
       julianday(coalesce(cancelled, '2024-06-30')) - julianday(started) AS days_active,
       strftime('%Y-%m', started) AS cohort,
       CASE
           WHEN cancelled IS NOT NULL THEN 'churned'
           WHEN date(started, '+' || months || ' months') < '2024-06-30' THEN 'lapsed'
           ELSE 'active'
       END AS status
FROM subscriptions
ORDER BY started;

SELECT strftime('%Y', started) AS year, count(*) AS starts,
       sum(cancelled IS NULL) AS still_open
FROM subscriptions GROUP BY year ORDER BY year;

SELECT date('2024-01-31', 'start of month', '+1 month', '-1 day') AS last_of_jan,
       time('12:30:00', '+90 minutes') AS later,
       datetime(1700000000, 'unixepoch') AS from_epoch,
       typeof(CURRENT_TIMESTAMP) AS ts_type, length(CURRENT_TIME) AS tlen;
