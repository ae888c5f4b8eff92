SELECT date('2024-02-28', '+1 day'), date('2023-02-28', '+1 day'), time('12:34:56.789');
SELECT datetime('2024-01-31 10:00:00', '+1 month', 'start of day'), julianday('2000-01-01');
SELECT strftime('%Y-%m-%d %H:%M:%S %w %j %s', '2024-06-15 08:09:10'), unixepoch('1970-01-02');
SELECT datetime(1700000000, 'unixepoch'), date('2024-05-15', 'weekday 0'), date('2024-05-15', 'start of month', '-1 day');
SELECT julianday('2024-12-25') - julianday('2024-01-01') AS days_between;
SELECT strftime('%f', '2024-01-01 00:00:01.5'), datetime('2024-01-01T12:00:00Z', 'localtime') IS NOT NULL;
