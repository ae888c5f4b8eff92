// Automatic semicolon insertion as this grammar accepts it: a return,
// break, continue, throw or debugger statement that ends a block, a
// function body or the program may leave out its ';'.  All other
// statements keep theirs.
var log = typeof print === "function" ? print : console.log;

function add(a, b) { return a + b }
function noop() { return }
function thrower(msg) { throw new Error(msg) }
function pick(flag) {
  if (flag) {
    return "yes"
  }
  return "no"
}

var counter = { n: 0, inc: function () { this.n++; return this.n } };
counter.inc();
counter.inc();

var results = [];
for (var i = 0; i < 5; i++) {
  if (i === 3) { continue }
  results.push(i * 2);
}

var found = -1;
for (var j = 0; j < 10; j++) {
  if (j * j > 20) { found = j; break }
}

outer: for (var a = 0; a < 3; a++) {
  for (var b = 0; b < 3; b++) {
    if (b > a) { continue outer }
    if (a === 2) { break outer }
  }
}

var matrix = [[1, 2], [3, 4]];
var flat = matrix.map(function (row) { return row.join("") }).join(";");

try {
  thrower("expected");
} catch (e) {
  results.push(e.message.length);
} finally {
  results.push("done");
}

var f = function (x) { var y = x * 2; return y + 1 };
var g = function () { if (false) { debugger } return "g" };
var h = function () { var i = 0; return function () { return ++i } };

switch (found) {
  case 5:
    results.push("five");
    break;
  default:
    results.push("other");
}

log(add(2, 3), noop(), counter.n, results.join(" "), found, flat, f(4), g(), pick(0), [h()(), h()()]);
log(a, b);
if (a > 100) throw new Error("unreachable");
