-- Virtual tables: module arguments are free-form token lists.
CREATE VIRTUAL TABLE places USING rtree(id, min_x, max_x, min_y, max_y);
CREATE VIRTUAL TABLE IF NOT EXISTS main.notes USING fts4(
    title, body, tokenize=porter, notindexed=body, prefix="2,3"
);
CREATE VIRTUAL TABLE docs USING fts5(
    title, body UNINDEXED, tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3', columnsize = 0
);
CREATE VIRTUAL TABLE vocab USING fts5vocab(docs, 'row');
CREATE VIRTUAL TABLE temp.stats USING dbstat(main);
CREATE VIRTUAL TABLE boxes USING rtree_i32(id, x0, x1, y0, y1, +label TEXT, +weight REAL);

INSERT INTO places VALUES (1, 0.0, 1.0, 0.0, 1.0), (2, 0.5, 2.5, 0.5, 2.5), (3, 5, 6, 5, 6);
INSERT INTO notes (title, body) VALUES ('harbour', 'boats in the harbour at dawn');
INSERT INTO docs (title, body) VALUES
    ('tides', 'the tide tables for the northern coast'),
    ('knots', 'a bowline is tied with a rabbit and a tree');
INSERT INTO boxes VALUES (1, 0, 10, 0, 10, 'first', 1.5);

SELECT id FROM places WHERE min_x <= 1.0 AND max_x >= 0.75 ORDER BY id;
SELECT title FROM notes WHERE notes MATCH 'harb*';
SELECT title, bm25(docs) AS score, highlight(docs, 1, '[', ']') AS hit
FROM docs WHERE docs MATCH 'tide OR bowline' ORDER BY score;
SELECT term, doc FROM vocab WHERE term GLOB 't*' ORDER BY term;
SELECT count(*) > 0 FROM stats;
SELECT label, weight FROM boxes WHERE x0 >= 0;
DROP TABLE boxes;
