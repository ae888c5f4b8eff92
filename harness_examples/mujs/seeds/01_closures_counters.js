// Closures keep their own copies of captured variables.
function makeCounter(start, step) {
  var value = start;
  return {
    next: function () { value += step; return value; },
    reset: function () { value = start; },
    get current() { return value; }
  };
}
var a = makeCounter(0, 1), b = makeCounter(100, -5);
for (var i = 0; i < 10; i++) { a.next(); b.next(); }
var fns = [];
for (var j = 0; j < 5; j++) {
  fns.push((function (k) { return function () { return k * k; }; })(j));
}
var squares = fns.map(function (f) { return f(); });
a.reset();
var summary = [a.current, b.current, squares.join(",")].join(" | ");
if (summary !== "0 | 50 | 0,1,4,9,16") throw new Error("unexpected: " + summary);
