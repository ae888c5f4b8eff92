-- Queue processing with UPDATE ... RETURNING and DELETE ... RETURNING.
CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    queue TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'ready',
    attempts INTEGER NOT NULL DEFAULT 0,
    run_after INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX jobs_ready ON jobs (queue, run_after) WHERE state = 'ready';
INSERT INTO jobs (queue, run_after) VALUES ('mail', 0), ('mail', 5), ('thumbs', 0), ('mail', 1)
    RETURNING id, queue;

UPDATE jobs SET state = 'running', attempts = attempts + 1
WHERE id = (SELECT id FROM jobs WHERE queue = 'mail' AND state = 'ready'
            ORDER BY run_after, id LIMIT 1)
RETURNING id, attempts;

UPDATE OR IGNORE jobs AS j SET run_after = j.run_after + 10 * j.attempts
WHERE j.state = 'running';

UPDATE jobs SET (state, run_after) = ('ready', run_after + 60) WHERE attempts > 3;

DELETE FROM jobs WHERE state = 'running' RETURNING *;
DELETE FROM jobs WHERE queue NOT IN ('mail') RETURNING id AS removed;
SELECT id, queue, state, attempts FROM jobs ORDER BY id;
