var text = '{"name":"widget","tags":["a","b"],"size":{"w":10,"h":2.5},"ok":true,"none":null,"esc":"\\u00e9\\n"}';
var obj = JSON.parse(text);
obj.size.area = obj.size.w * obj.size.h;
var compact = JSON.stringify(obj);
var pretty = JSON.stringify(obj, null, 2);
var tabbed = JSON.stringify([1, [2, { a: 3 }]], null, "\t");
var filtered = JSON.stringify(obj, ["name", "size", "w"]);
var replaced = JSON.stringify(obj, function (k, v) { return typeof v === "number" ? v * 10 : v; });
var revived = JSON.parse('{"d":"2020-01-02","n":"5","list":[1,2,3]}', function (k, v) {
  if (k === "n") return parseInt(v, 10);
  if (k === "list") return v.length;
  return v;
});
var special = JSON.stringify({ u: undefined, f: function () {}, n: NaN, i: -Infinity, d: new Date(0),
  nested: { toJSON: function () { return "custom"; } } });
var errors = [];
["{bad json}", "[1,2", "\"unterminated", "{\"a\":1,}", "01"].forEach(function (t) {
  try { JSON.parse(t); } catch (e) { errors.push(e.name); }
});
var cyclic = {}; cyclic.self = cyclic;
try { JSON.stringify(cyclic); } catch (e) { errors.push("cyclic:" + e.name); }
print(compact.length, pretty.length, tabbed, filtered, replaced, JSON.stringify(revived), special, errors);
