var out = [];
outer: for (var i = 0; i < 5; i++) {
  for (var j = 0; j < 5; j++) {
    if (j === 3) continue outer;
    if (i === 3) break outer;
    out.push(i + "" + j);
  }
}
function classify(x) {
  switch (typeof x) {
    case "number":
      if (x !== x) return "nan";
      switch (true) { case x < 0: return "negative"; case x === 0: return "zero"; default: return "positive"; }
    case "string": return x.length ? "string" : "empty";
    case "object": return x === null ? "null" : Array.isArray(x) ? "array" : "object";
    default: return "other";
  }
}
var kinds = [1, -1, 0, NaN, "", "s", null, [], {}, undefined, true].map(classify);
var k = 0; do { k += 3; } while (k < 10);
var w = 100; while (w > 1) w = w >> 1;
var cond = k > 10 ? (w ? "a" : "b") : "c";
var comma = (k++, k++, k);
var logical = [0 || "default", 1 && "second", null || undefined || 0, !!"x", !0];
var fall = [];
switch (2) { case 1: fall.push(1); case 2: fall.push(2); case 3: fall.push(3); break; case 4: fall.push(4); }
label: { out.push("in block"); break label; }
for (var p in { a: 1, b: 2 }) out.push(p);
out.push(kinds.join(","), k, w, cond, comma, logical, fall);
