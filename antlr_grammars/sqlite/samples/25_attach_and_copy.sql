-- Attach a scratch database, copy rows across schemas, then detach.
CREATE TABLE main_log (id INTEGER PRIMARY KEY, msg TEXT, level INTEGER);
INSERT INTO main_log (msg, level) VALUES ('boot', 1), ('disk warning', 3), ('ready', 1),
                                         ('fan failure', 4);

ATTACH DATABASE ':memory:' AS scratch;
CREATE TABLE scratch.alerts (id INTEGER PRIMARY KEY, msg TEXT NOT NULL);
INSERT INTO scratch.alerts (id, msg)
    SELECT id, upper(msg) FROM main.main_log WHERE level >= 3;
SELECT a.msg, l.level
FROM scratch.alerts AS a JOIN main.main_log AS l ON l.id = a.id
ORDER BY l.level DESC;
SELECT name FROM scratch.sqlite_master WHERE type = 'table';
DETACH DATABASE scratch;

CREATE TEMPORARY TABLE session_flags (flag TEXT PRIMARY KEY, on_off INTEGER);
INSERT INTO temp.session_flags VALUES ('verbose', 1), ('color', 0);
SELECT group_concat(flag) FROM temp.session_flags WHERE on_off;
DROP TABLE temp.session_flags;
