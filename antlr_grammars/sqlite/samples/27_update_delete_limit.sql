-- Batched clean-up with ORDER BY / LIMIT on UPDATE and DELETE
-- (SQLITE_ENABLE_UPDATE_DELETE_LIMIT, which Debian's build turns on).
CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    queue TEXT NOT NULL,
    priority INTEGER NOT NULL DEFAULT 5,
    state TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'running', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
INSERT INTO jobs (queue, priority, state) VALUES
    ('mail', 1, 'new'), ('mail', 3, 'new'), ('mail', 9, 'new'),
    ('thumbs', 2, 'new'), ('thumbs', 2, 'failed'), ('thumbs', 7, 'done'),
    ('reports', 4, 'done'), ('reports', 6, 'new'), ('reports', 8, 'failed');

-- Claim the two most urgent new jobs.
UPDATE jobs SET state = 'running', attempts = attempts + 1
WHERE state = 'new'
RETURNING id, queue, priority
ORDER BY priority, id
LIMIT 2;

-- Retry at most one failed job per statement.
UPDATE OR IGNORE jobs SET state = 'new' WHERE state = 'failed' ORDER BY id DESC LIMIT 1;
UPDATE jobs SET priority = priority - 1 WHERE priority > 5 LIMIT 3 OFFSET 1;

-- Keep only the newest three finished jobs.
DELETE FROM jobs WHERE state = 'done' ORDER BY id DESC LIMIT -1 OFFSET 3;
DELETE FROM jobs AS j WHERE j.queue = 'reports' AND j.state = 'failed' RETURNING id LIMIT 1;
DELETE FROM jobs LIMIT 1;

SELECT id, queue, priority, state, attempts FROM jobs ORDER BY id;
