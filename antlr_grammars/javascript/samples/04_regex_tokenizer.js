// Regular expressions: a tokenizer driven by exec and lastIndex, replace
// with callbacks and back-references, and validation patterns.
var log = typeof print === "function" ? print : console.log;

function tokenize(src) {
  var re = /\s*(?:(\d+(?:\.\d*)?)|([A-Za-z_]\w*)|("(?:[^"\\]|\\.)*")|(\*\*|[-+*\/%()=,]))/g;
  var tokens = [];
  var m;
  var pos = 0;
  re.lastIndex = 0;
  while ((m = re.exec(src)) !== null) {
    if (m.index !== pos && src.slice(pos, m.index).trim() !== "") {
      throw new SyntaxError("unexpected input at " + pos);
    }
    if (m[1] !== undefined) {
      tokens.push({ type: "num", text: m[1] });
    } else if (m[2] !== undefined) {
      tokens.push({ type: "name", text: m[2] });
    } else if (m[3] !== undefined) {
      tokens.push({ type: "str", text: m[3] });
    } else {
      tokens.push({ type: "op", text: m[4] });
    }
    pos = re.lastIndex;
  }
  return tokens;
}

var toks = tokenize('total = price * 1.25 + fee("eur", 3) ** 2');
log(toks.map(function (t) { return t.type + ":" + t.text; }).join(" "));

var date = "2024-03-05";
log(date.replace(/(\d{4})-(\d\d)-(\d\d)/, "$3.$2.$1"));

var camel = "background-color border-top-left-radius".replace(/-([a-z])/g, function (all, ch) {
  return ch.toUpperCase();
});
log(camel);

var snake = "parseHTTPResponseCode".replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
log(snake);

var emailRe = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/i;
["a.b@example.org", "bad@", "x+y@sub.domain.co"].forEach(function (s) {
  log(s + " -> " + emailRe.test(s));
});

var words = "the quick brown fox jumps over the lazy dog the end".match(/\bthe\b/g);
log(words.length);

var repeated = /\b(\w+)\s+\1\b/i;
log(repeated.test("this is is a test"), repeated.test("no repeats here"));

var hex = /^#?([a-f\d]{2})([a-f\d]{2})([a-f\d]{2})$/i.exec("#1fA0c3");
log([parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)].join(","));

var csvLine = 'one,"two, with comma",three,"say ""hi"""';
var fields = [];
csvLine.replace(/("([^"]|"")*"|[^,]*)(,|$)/g, function (all, field) {
  if (all === "") {
    return "";
  }
  if (field.charAt(0) === '"') {
    field = field.slice(1, -1).replace(/""/g, '"');
  }
  fields.push(field);
  return "";
});
log(fields.length + " fields: " + fields.join(" | "));

var path = "/usr/local/lib/node_modules/";
log(path.split(/\/+/).filter(function (p) { return p.length > 0; }).join("."));
log("a1b22c333".replace(/[^\d]+/g, "-"), /^(?!.*\.\.)[\w.]+$/.test("ok.name"));
var multi = "line one\nline two\nthird";
log(multi.match(/^\w+/gm).join("/"));
log(/[\u00e0-\u00ff]/.test("caf\u00e9"), "x".search(/y/));
