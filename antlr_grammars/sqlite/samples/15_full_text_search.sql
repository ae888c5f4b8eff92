-- Full-text search over notes with an FTS5 virtual table.
CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, content='notes', content_rowid='id');

INSERT INTO notes VALUES (1, 'Groceries', 'eggs, milk, flour and sugar'),
                         (2, 'Recipe', 'whisk eggs with sugar, fold in flour'),
                         (3, 'Errands', 'post office, bank, pharmacy');
INSERT INTO notes_fts (rowid, title, body) SELECT id, title, body FROM notes;

SELECT n.title, snippet(notes_fts, 1, '[', ']', '...', 5) AS hit
FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid
WHERE notes_fts MATCH 'eggs AND flour'
ORDER BY rank;

SELECT rowid, title FROM notes_fts WHERE notes_fts MATCH 'title:errands';
DROP TABLE notes_fts;
