CREATE VIRTUAL TABLE docs USING fts4(content, tokenize=simple);
INSERT INTO docs(content) VALUES ('the quick brown fox'), ('jumps over the lazy dog'), ('brown dogs and quick cats');
SELECT docid, content FROM docs WHERE docs MATCH 'quick brown';
SELECT offsets(docs), matchinfo(docs) IS NOT NULL FROM docs WHERE docs MATCH 'brown';
CREATE VIRTUAL TABLE boxes USING rtree(id, minx, maxx, miny, maxy);
INSERT INTO boxes VALUES (1, 0, 10, 0, 10), (2, 5, 15, 5, 15), (3, 20, 30, 20, 30);
SELECT id FROM boxes WHERE minx <= 7 AND maxx >= 7 AND miny <= 7 AND maxy >= 7;
SELECT id FROM boxes WHERE maxx < 12 ORDER BY id;
