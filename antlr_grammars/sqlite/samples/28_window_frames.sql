-- Sensor readings: every frame type, bound and exclusion of window functions.
CREATE TABLE readings (
    sensor TEXT NOT NULL,
    ts INTEGER NOT NULL,
    value REAL,
    PRIMARY KEY (sensor, ts)
) WITHOUT ROWID;
INSERT INTO readings VALUES
    ('a', 1, 10.0), ('a', 2, 11.5), ('a', 3, NULL), ('a', 5, 12.0), ('a', 8, 9.5),
    ('b', 1, 20.0), ('b', 2, 20.0), ('b', 4, 22.5), ('b', 7, 21.0), ('b', 9, 19.0);

SELECT sensor, ts, value,
       avg(value) OVER (PARTITION BY sensor ORDER BY ts
                        ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving_avg,
       sum(value) OVER (PARTITION BY sensor ORDER BY ts
                        RANGE BETWEEN 3 PRECEDING AND 1 FOLLOWING) AS near_sum,
       count(*) OVER (PARTITION BY sensor ORDER BY value NULLS FIRST
                      GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP) AS peers,
       max(value) OVER (PARTITION BY sensor ORDER BY ts
                        ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING
                        EXCLUDE CURRENT ROW) AS max_others,
       min(value) OVER (ORDER BY ts ROWS UNBOUNDED PRECEDING EXCLUDE TIES) AS running_min,
       first_value(value) OVER (ORDER BY ts RANGE CURRENT ROW EXCLUDE NO OTHERS) AS same_ts,
       last_value(value) OVER (ORDER BY ts GROUPS 2 PRECEDING) AS two_groups_back
FROM readings
ORDER BY sensor, ts;

SELECT sensor, ts,
       row_number() OVER latest AS rn,
       rank() OVER by_value AS value_rank,
       dense_rank() OVER by_value AS dense_value_rank,
       percent_rank() OVER (by_value) AS pr,
       cume_dist() OVER (by_value ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING) AS cd,
       lead(value, 1, -1) OVER latest AS next_value,
       nth_value(value, 2) OVER (latest RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS second,
       group_concat(ts, '/') FILTER (WHERE value IS NOT NULL) OVER (PARTITION BY sensor) AS seen,
       sum(value) FILTER (WHERE value > 15) OVER () AS high_total
FROM readings
WINDOW base AS (PARTITION BY sensor),
       latest AS (base ORDER BY ts DESC),
       by_value AS (base ORDER BY value DESC NULLS LAST)
ORDER BY sensor, ts DESC NULLS LAST;

SELECT sensor, count(*) FILTER (WHERE value IS NULL) AS missing,
       total(value) FILTER (WHERE ts BETWEEN 2 AND 6) AS mid_total
FROM readings
GROUP BY sensor
HAVING count(*) > 1;
