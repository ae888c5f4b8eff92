-- Event store with JSON payloads.
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL CHECK (json_valid(payload))
);
INSERT INTO events (kind, payload) VALUES
    ('signup', '{"user": "ann", "plan": "pro", "tags": ["beta", "eu"]}'),
    ('signup', '{"user": "bob", "plan": "free", "tags": []}'),
    ('purchase', '{"user": "ann", "items": [{"sku": "W-1", "qty": 2}, {"sku": "G-7", "qty": 1}]}');

SELECT id, payload ->> '$.user' AS who, payload -> '$.tags' AS tags
FROM events WHERE kind = 'signup';

SELECT json_extract(payload, '$.plan') AS plan, count(*) AS n
FROM events WHERE kind = 'signup' GROUP BY plan;

SELECT e.payload ->> '$.user' AS who, j.value ->> '$.sku' AS sku,
       CAST(j.value ->> '$.qty' AS INTEGER) AS qty
FROM events AS e, json_each(e.payload, '$.items') AS j
WHERE e.kind = 'purchase';

SELECT json_object('kind', kind, 'count', count(*)) FROM events GROUP BY kind;
SELECT json_group_array(DISTINCT kind) FROM events;

UPDATE events SET payload = json_set(payload, '$.plan', 'pro')
WHERE kind = 'signup' AND payload ->> '$.user' = 'bob';
SELECT payload FROM events WHERE id = 2;
