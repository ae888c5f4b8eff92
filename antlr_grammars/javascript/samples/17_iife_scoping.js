// Function scope in ES5: var hoisting, closures in loops captured
// through immediately invoked functions, the module pattern, and
// shadowing.
var log = typeof print === "function" ? print : console.log;

// Declarations are hoisted to the top of the function; assignments are not.
function hoisting() {
  var before = typeof later;
  var value = later;
  var later = "assigned";
  return before + " " + value + " " + later + " " + typeof helper;
  function helper() {}
}
log(hoisting());

// Every callback made in the loop shares one `i` ...
var shared = [];
for (var i = 0; i < 3; i++) {
  shared.push(function () { return i; });
}
// ... unless a function call gives each its own copy.
var separate = [];
for (var j = 0; j < 3; j++) {
  separate.push((function (k) {
    return function () { return k; };
  })(j));
}
log(shared[0](), shared[2](), separate[0](), separate[2]());

// A block does not make a scope: the inner var is the outer one.
var x = "outer";
if (true) {
  var x = "inner";
}
log(x);

// The module pattern keeps state private.
var counterModule = (function () {
  var count = 0;
  var history = [];
  function record(action) { history.push(action + ":" + count); }
  return {
    increment: function () { count++; record("inc"); return this; },
    reset: function () { count = 0; record("reset"); return this; },
    value: function () { return count; },
    log: function () { return history.join(" "); }
  };
})();
counterModule.increment().increment().reset().increment();
log(counterModule.value(), counterModule.log(), typeof count);

// Shadowing a name in nested functions.
var level = 0;
function outer() {
  var level = 1;
  function inner() {
    var level = 2;
    return level;
  }
  return [level, inner()];
}
log(level, outer().join(","));

// A catch parameter is scoped to its catch block.
var e = "outer e";
try {
  throw "thrown e";
} catch (e) {
  log("in catch:", e);
}
log("after:", e);

// Constants by convention: an object that refuses changes.
var CONFIG = Object.freeze({ retries: 3, delay: 100 });
CONFIG.retries = 10;
log(CONFIG.retries, Object.isFrozen(CONFIG));

// Functions declared inside a function body are hoisted with it.
function makeAdders() {
  return [addOne(1), addTwo(1)];
  function addOne(n) { return n + 1; }
  function addTwo(n) { return n + 2; }
}
log(makeAdders().join(" "));

// The global object can be reached from a function called without a receiver.
var globalObject = (function () { return this; })();
log(typeof globalObject, globalObject.counterModule === counterModule);
