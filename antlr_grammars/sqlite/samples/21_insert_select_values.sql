-- Loading data with multi-row VALUES, INSERT ... SELECT and DEFAULT VALUES.
CREATE TABLE raw_readings (sensor TEXT, reading TEXT);
CREATE TABLE readings (
    id INTEGER PRIMARY KEY,
    sensor TEXT NOT NULL DEFAULT 'unknown',
    value REAL,
    ok INTEGER DEFAULT 1
);

INSERT INTO raw_readings VALUES ('t1', '21.5'), ('t1', 'n/a'), ('t2', '19.25'),
                                ('t2', '-3'), ('t3', '');
INSERT INTO readings DEFAULT VALUES;
INSERT INTO readings (sensor, value, ok)
    SELECT sensor, CAST(reading AS REAL),
           reading GLOB '*[0-9]*' AND reading NOT GLOB '*[a-z]*'
    FROM raw_readings
    WHERE reading <> '';
INSERT INTO readings (sensor, value)
    VALUES ('t9', 1.0), ('t9', 2.0), ('t9', 3.0);

CREATE TABLE readings_summary AS
    SELECT sensor, count(*) AS n, avg(value) AS mean
    FROM readings WHERE ok GROUP BY sensor;

SELECT * FROM readings_summary ORDER BY sensor;
VALUES (1, 'one'), (2, 'two'), (3, 'three');
SELECT column1 * 10, upper(column2) FROM (VALUES (1, 'a'), (2, 'b'));
