-- Page-view analytics: sessions joined with users and pages.
CREATE TABLE users (id INTEGER PRIMARY KEY, plan TEXT NOT NULL, signup TEXT NOT NULL);
CREATE TABLE pages (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
CREATE TABLE views (
    user_id INTEGER REFERENCES users(id),
    page_id INTEGER REFERENCES pages(id),
    ts      TEXT NOT NULL,
    ms      INTEGER NOT NULL
);

INSERT INTO users VALUES (1, 'free', '2024-01-01'), (2, 'pro', '2024-01-03'),
                         (3, 'pro', '2024-02-10'), (4, 'free', '2024-02-11');
INSERT INTO pages VALUES (1, '/'), (2, '/pricing'), (3, '/docs'), (4, '/blog');
INSERT INTO views VALUES
    (1, 1, '2024-03-01T10:00', 1200), (1, 2, '2024-03-01T10:01', 5400),
    (2, 3, '2024-03-01T11:00', 30000), (2, 3, '2024-03-02T09:00', 12000),
    (3, 1, '2024-03-02T12:00', 800), (NULL, 4, '2024-03-02T13:00', 2500);

-- Views per page and plan, anonymous traffic included.
SELECT p.path,
       ifnull(u.plan, '(anon)') AS plan,
       count(*) AS hits,
       round(avg(v.ms) / 1000.0, 2) AS avg_seconds
FROM views AS v
INNER JOIN pages AS p ON p.id = v.page_id
LEFT JOIN users AS u ON u.id = v.user_id
GROUP BY p.path, plan
ORDER BY hits DESC, p.path;

-- Pages never visited by a pro user.
SELECT path FROM pages
WHERE id NOT IN (SELECT v.page_id
                 FROM views v JOIN users u ON u.id = v.user_id
                 WHERE u.plan = 'pro');

-- Users who viewed the pricing page, via EXISTS.
SELECT u.id, u.plan FROM users u
WHERE EXISTS (SELECT 1 FROM views v, pages p
              WHERE v.page_id = p.id AND p.path = '/pricing' AND v.user_id = u.id);

-- Every user paired with every page, marking visits.
SELECT u.id AS user_id, p.path,
       (SELECT count(*) FROM views v WHERE v.user_id = u.id AND v.page_id = p.id) AS n
FROM users u CROSS JOIN pages p
ORDER BY 1, 2
LIMIT 8 OFFSET 4;
