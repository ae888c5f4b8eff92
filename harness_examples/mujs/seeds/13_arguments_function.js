function variadic() {
  var args = Array.prototype.slice.call(arguments);
  arguments[0] = "changed";
  return [arguments.length, args.join("+"), typeof arguments, arguments[0]];
}
function linked(a, b) { arguments[1] = "via arguments"; return b; }
var add = new Function("a", "b", "return a + b;");
var bound = function (greeting, punct) { return greeting + ", " + this.name + punct; }.bind({ name: "Ada" }, "Hello");
var applied = Math.max.apply(null, [3, 9, 4]);
var called = Array.prototype.join.call([1, 2, 3], "/");
function outerFn() { return typeof innerFn + ":" + innerFn(); function innerFn() { return "hoisted"; } }
var info = [variadic(1, 2, 3), linked(1, 2), add(2, 3), add.length, bound("!"), bound.length, applied, called,
  outerFn(), (function () { return this; }).call(7) instanceof Number, String(function named(x) { return x; }),
  (function () { "use strict"; return this; })() === undefined];
var counter = (function () { var c = 0; return function () { return ++c; }; })();
counter(); counter();
var ev = eval("var evx = 10; evx * 2"), after = typeof evx;
info.push(counter(), ev, after, typeof add.prototype, add instanceof Function, add.name);
print(info);
