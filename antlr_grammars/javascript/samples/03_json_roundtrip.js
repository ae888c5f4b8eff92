// JSON: parse with a reviver, stringify with a replacer and indentation,
// deep copies and a hand-written pretty printer.
var log = typeof print === "function" ? print : console.log;

var text = '{"name":"grammut","version":"1.2.0","tags":["fuzzing","antlr"],' +
  '"released":"2024-03-05T10:00:00Z","stats":{"stars":42,"ratio":0.75,"ok":true,"extra":null}}';

var data = JSON.parse(text, function (key, value) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    return new Date(value);
  }
  return value;
});

log(data.name, data.tags.length, data.released instanceof Date);
log(data.released.getUTCFullYear(), data.stats.stars + 1);

var out = JSON.stringify(data, function (key, value) {
  if (key === "ratio") {
    return Math.round(value * 100) + "%";
  }
  if (value === null) {
    return undefined;
  }
  return value;
}, 2);
log(out);

log(JSON.stringify({ a: [1, "two", false], b: { c: "\u00e9\n\"q\"" } }));
log(JSON.stringify([undefined, function () {}, NaN, Infinity, -0]));
log(JSON.stringify("tab\there"), JSON.stringify(12.5e3));

function deepCopy(value) {
  return JSON.parse(JSON.stringify(value));
}
var original = { list: [1, 2, { three: 3 }], nested: { deep: { deeper: "x" } } };
var copy = deepCopy(original);
copy.list[2].three = 33;
log(original.list[2].three, copy.list[2].three);

function pretty(value, indent) {
  indent = indent || "";
  var next = indent + "  ";
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return "[]";
    }
    return "[\n" + value.map(function (v) { return next + pretty(v, next); }).join(",\n") +
      "\n" + indent + "]";
  }
  var keys = Object.keys(value).sort();
  var parts = [];
  for (var i = 0; i < keys.length; i++) {
    parts.push(next + JSON.stringify(keys[i]) + ": " + pretty(value[keys[i]], next));
  }
  return "{\n" + parts.join(",\n") + "\n" + indent + "}";
}
log(pretty({ z: 1, a: [true, { b: null }], m: "s" }));

try {
  JSON.parse("{bad json}");
} catch (e) {
  log("parse failed: " + (e instanceof SyntaxError));
}

var withToJSON = {
  secret: "hidden",
  visible: 7,
  toJSON: function () { return { visible: this.visible }; }
};
log(JSON.stringify(withToJSON));
