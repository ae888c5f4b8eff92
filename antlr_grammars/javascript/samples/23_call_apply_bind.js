// Functions as values: call, apply and bind, the arguments object,
// currying, memoization, debouncing with counters, and recursion.
var log = typeof print === "function" ? print : console.log;

function introduce(greeting, punctuation) {
  return greeting + ", I am " + this.name + punctuation;
}
var alice = { name: "Alice" };
var bob = { name: "Bob" };
log(introduce.call(alice, "Hi", "!"));
log(introduce.apply(bob, ["Hello", "."]));
var bobSays = introduce.bind(bob, "Hey");
log(bobSays("?"));

function variadic() {
  var total = 0;
  for (var i = 0; i < arguments.length; i++) {
    total += arguments[i];
  }
  return arguments.length + " args, total " + total;
}
log(variadic(), variadic(1, 2, 3));

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
var add3 = curry(function (a, b, c) { return a + b + c; });
log(add3(1)(2)(3), add3(1, 2)(3), add3(1)(2, 3));

function memoize(fn) {
  var cache = {};
  var hits = 0;
  function wrapped(n) {
    if (cache.hasOwnProperty(n)) {
      hits++;
      return cache[n];
    }
    return (cache[n] = fn(n));
  }
  wrapped.stats = function () { return hits + " cache hits"; };
  return wrapped;
}
var slowSquare = memoize(function (n) { return n * n; });
[2, 3, 2, 2, 3].forEach(function (n) { slowSquare(n); });
log(slowSquare.stats());

var factorial = function fact(n) {
  return n <= 1 ? 1 : n * fact(n - 1);
};
log(factorial(10), factorial.name);

function once(fn) {
  var done = false, result;
  return function () {
    if (!done) {
      done = true;
      result = fn.apply(this, arguments);
    }
    return result;
  };
}
var init = once(function (x) { log("initializing with " + x); return x * 2; });
log(init(21), init(99));

var methods = {
  value: 10,
  getValue: function () { return this.value; }
};
var unbound = methods.getValue;
var bound = methods.getValue.bind(methods);
log(bound(), typeof unbound);

function ackermann(m, n) {
  if (m === 0) return n + 1;
  if (n === 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}
log(ackermann(2, 3));

var compose = function () {
  var fns = arguments;
  return function (x) {
    for (var i = fns.length - 1; i >= 0; i--) {
      x = fns[i](x);
    }
    return x;
  };
};
log(compose(function (s) { return s + "!"; }, function (s) { return s.toUpperCase(); })("hey"));
log((function () { return typeof this; }).call(5), Function.prototype.call.call(function () { return "meta"; }));
log(new Function("a", "b", "return a * b")(6, 7), introduce.length, variadic.length);
