-- Blog engine schema: authors, posts, tags and comments.
PRAGMA foreign_keys = ON;

CREATE TABLE IF NOT EXISTS authors (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    handle      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    display     VARCHAR(80) NOT NULL,
    email       TEXT CHECK (email LIKE '%_@_%'),
    joined_at   TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE IF NOT EXISTS posts (
    id          INTEGER PRIMARY KEY,
    author_id   INTEGER NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
    slug        TEXT NOT NULL,
    title       TEXT NOT NULL,
    body        TEXT,
    status      TEXT NOT NULL DEFAULT 'draft'
                CHECK (status IN ('draft', 'published', 'archived')),
    published_at TEXT,
    UNIQUE (author_id, slug)
);

CREATE TABLE IF NOT EXISTS tags (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE IF NOT EXISTS post_tags (
    post_id INTEGER NOT NULL,
    tag_id  INTEGER NOT NULL,
    PRIMARY KEY (post_id, tag_id),
    FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE,
    FOREIGN KEY (tag_id) REFERENCES tags(id) ON DELETE RESTRICT
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS comments (
    id         INTEGER PRIMARY KEY,
    post_id    INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    parent_id  INTEGER REFERENCES comments(id) ON DELETE SET NULL,
    author     TEXT NOT NULL DEFAULT 'anonymous',
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE INDEX IF NOT EXISTS idx_posts_author ON posts(author_id);
CREATE INDEX IF NOT EXISTS idx_posts_published ON posts(published_at DESC)
    WHERE status = 'published';
CREATE INDEX IF NOT EXISTS idx_comments_post ON comments(post_id, created_at);

CREATE VIEW IF NOT EXISTS published_posts AS
    SELECT p.id, p.title, a.display AS author, p.published_at
    FROM posts AS p
    JOIN authors AS a ON a.id = p.author_id
    WHERE p.status = 'published';

CREATE VIEW IF NOT EXISTS comment_counts (post_id, n) AS
    SELECT post_id, count(*) FROM comments GROUP BY post_id;

INSERT INTO authors (handle, display, email) VALUES
    ('ada', 'Ada L.', 'ada@example.org'),
    ('grace', 'Grace H.', 'grace@example.org');

INSERT INTO posts (author_id, slug, title, body, status, published_at) VALUES
    (1, 'engines', 'On Engines', 'Notes on the analytical engine.', 'published', '2024-01-05'),
    (2, 'bugs', 'Finding Bugs', 'A moth in relay 70.', 'published', '2024-02-11'),
    (2, 'cobol', 'Drafting COBOL', NULL, 'draft', NULL);

INSERT INTO tags (name) VALUES ('history'), ('hardware'), ('languages');
INSERT INTO post_tags VALUES (1, 1), (1, 2), (2, 2), (3, 3);
INSERT INTO comments (post_id, author, body) VALUES (1, 'babbage', 'Splendid!');

SELECT pp.title, pp.author, coalesce(cc.n, 0) AS comments
FROM published_posts pp
LEFT JOIN comment_counts cc ON cc.post_id = pp.id
ORDER BY pp.published_at DESC;
