CREATE TABLE docs(id INTEGER PRIMARY KEY, body TEXT CHECK(json_valid(body)));
INSERT INTO docs(body) VALUES
 ('{"name":"widget","tags":["a","b"],"dims":{"w":3,"h":4}}'),
 ('{"name":"gizmo","tags":[],"price":9.5}'),
 ('[1,2,{"x":null}]');
SELECT json_extract(body, '$.name'), json_array_length(body, '$.tags') FROM docs;
SELECT body ->> '$.dims.w', body -> '$.tags[0]' FROM docs WHERE id = 1;
SELECT key, value, type FROM docs, json_each(docs.body) WHERE docs.id = 2;
SELECT fullkey, atom FROM json_tree('{"a":[1,{"b":true}],"c":"d"}');
SELECT json_set('{"a":1}', '$.b', 2), json_insert('[1,2]', '$[#]', 3), json_remove('{"a":1,"b":2}', '$.a');
SELECT json_object('k', 1, 'arr', json_array(1, 'two', NULL)), json_group_array(id), json_group_object(id, json_type(body)) FROM docs;
SELECT json_patch('{"a":1,"b":2}', '{"b":null,"c":3}'), json_quote('he said "hi"'), json('  { "x" : 1 } ');
