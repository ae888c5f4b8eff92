// The arguments object: variable argument counts, defaults by hand,
// converting to an array, and unpacking objects and arrays into names.
var log = typeof print === "function" ? print : console.log;

function sum() {
  var total = 0;
  for (var i = 0; i < arguments.length; i++) {
    total += arguments[i];
  }
  return total;
}
log(sum(), sum(1), sum(1, 2, 3, 4), sum.length);

// Defaults for missing parameters.
function connect(host, port, options) {
  host = host || "localhost";
  port = port === undefined ? 80 : port;
  options = options || {};
  var secure = "secure" in options ? options.secure : port === 443;
  return (secure ? "https" : "http") + "://" + host + ":" + port;
}
log(connect(), connect("example.org", 443), connect("a.b", 8080, { secure: true }));

// The first parameters by name, the rest from arguments.
function tag(name) {
  var rest = Array.prototype.slice.call(arguments, 1);
  return "<" + name + ">" + rest.join(",") + "</" + name + ">";
}
log(tag("p"), tag("b", 1, 2, 3));

// Unpacking an array and an object into variables.
function minMax(values) {
  var min = Infinity, max = -Infinity;
  for (var i = 0; i < values.length; i++) {
    if (values[i] < min) min = values[i];
    if (values[i] > max) max = values[i];
  }
  return [min, max];
}
var range = minMax([4, 9, -2, 7]);
var low = range[0], high = range[1];
log(low, high, high - low);

var config = { width: 640, height: 480, title: "demo" };
var width = config.width, height = config.height;
var depth = config.depth !== undefined ? config.depth : 24;
log(width + "x" + height + "x" + depth, config.title);

// Swapping two values through a temporary.
var first = "left", second = "right", tmp;
tmp = first; first = second; second = tmp;
log(first, second);

// Overloading by the number and types of arguments.
function area() {
  switch (arguments.length) {
    case 1:
      return typeof arguments[0] === "object" ? arguments[0].w * arguments[0].h
        : Math.PI * arguments[0] * arguments[0];
    case 2:
      return arguments[0] * arguments[1];
    default:
      return NaN;
  }
}
log(area(2, 3), area({ w: 4, h: 5 }), area(1).toFixed(4), area());

// arguments.callee names the running function, even when it has none.
var countdown = function (n) {
  return n === 0 ? "liftoff" : n + " " + arguments.callee(n - 1);
};
log(countdown(5));

// ES5 makes arguments[0] and `a` aliases in non-strict code (MuJS does not:
// the result differs by engine, the code runs in both).
function alias(a) {
  arguments[0] = "changed";
  return a;
}
log(alias("original"), alias());

// Passing all arguments on to another function.
function logAll() {
  return "[" + Array.prototype.join.call(arguments, "|") + "]";
}
function forward() {
  return logAll.apply(null, arguments);
}
function kind() { return Object.prototype.toString.call(arguments); }
log(forward("a", 1, null, true), kind(), typeof kind.apply(null, [1, 2]));
