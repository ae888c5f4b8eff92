// Function expressions: anonymous and named, passed as callbacks,
// returned from functions, composed and curried, and used recursively.
var log = typeof print === "function" ? print : console.log;

var square = function (x) { return x * x; };
var factorial = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); };
log(square(7), factorial(10), typeof fact);

function compose() {
  var fns = arguments;
  return function (x) {
    for (var i = fns.length - 1; i >= 0; i--) {
      x = fns[i](x);
    }
    return x;
  };
}
var inc = function (x) { return x + 1; };
var twice = function (f) { return function (x) { return f(f(x)); }; };
log(compose(square, inc)(3), compose(inc, square)(3), twice(twice(inc))(0));

function curry(fn) {
  return function curried() {
    var args = Array.prototype.slice.call(arguments);
    if (args.length >= fn.length) {
      return fn.apply(this, args);
    }
    return function () {
      return curried.apply(this, args.concat(Array.prototype.slice.call(arguments)));
    };
  };
}
var volume = curry(function (l, w, h) { return l * w * h; });
log(volume(2)(3)(4), volume(2, 3)(4), volume(2)(3, 4));

var numbers = [5, 3, 8, 1, 9, 2];
log(numbers.map(function (n) { return n * 2; }).join(" "));
log(numbers.filter(function (n) { return n % 2 === 1; }).join(" "));
log(numbers.reduce(function (acc, n) { return acc + n; }, 0));
log(numbers.slice().sort(function (a, b) { return b - a; }).join(" "));
log(numbers.every(function (n) { return n > 0; }), numbers.some(function (n) { return n > 8; }));

// Callbacks receive `this` through the second argument of forEach.
var totals = { sum: 0 };
numbers.forEach(function (n) { this.sum += n; }, totals);
log(totals.sum);

// A table of operations and immediately invoked function expressions.
var ops = {
  "+": function (a, b) { return a + b; },
  "-": function (a, b) { return a - b; },
  "*": function (a, b) { return a * b; },
  "/": function (a, b) { return b === 0 ? NaN : a / b; }
};
var results = [];
for (var op in ops) {
  results.push("6" + op + "3=" + ops[op](6, 3));
}
log(results.join(", "));
log((function (a, b) { return a * b; })(6, 7), !function () { return false; }());

// Memoization wraps any one-argument function.
function memoize(fn) {
  var cache = {};
  return function (n) {
    if (!(n in cache)) cache[n] = fn(n);
    return cache[n];
  };
}
var calls = 0;
var fib = memoize(function (n) {
  calls++;
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
});
log(fib(20), calls);

// Function objects have properties of their own.
function tagged() { tagged.count = (tagged.count || 0) + 1; return tagged.count; }
tagged(); tagged();
log(tagged.count, tagged.length, square.length, typeof square.call);
