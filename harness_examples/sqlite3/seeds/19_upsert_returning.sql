CREATE TABLE counters(name TEXT PRIMARY KEY, hits INTEGER NOT NULL DEFAULT 0);
INSERT INTO counters(name, hits) VALUES ('home', 1)
  ON CONFLICT(name) DO UPDATE SET hits = hits + 1 RETURNING name, hits;
INSERT INTO counters(name, hits) VALUES ('home', 1)
  ON CONFLICT(name) DO UPDATE SET hits = hits + excluded.hits RETURNING *;
UPDATE counters SET hits = hits * 10 WHERE name = 'home' RETURNING hits AS new_hits;
DELETE FROM counters WHERE hits > 5 RETURNING name;
REPLACE INTO counters VALUES ('about', 3);
SELECT * FROM counters;
