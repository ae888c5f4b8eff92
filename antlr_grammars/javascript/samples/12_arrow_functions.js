// Arrow functions: concise and block bodies, lexical this, object literal
// results, currying and composition.
var log = typeof print === "function" ? print : console.log;

var square = x => x * x;
var add = (a, b) => a + b;
var now = () => 1700000000;
var toPair = (k, v) => ({ key: k, value: v });

log(square(7), add(2, 3), now(), JSON.stringify(toPair("a", 1)));

var curry = f => a => b => f(a, b);
var add5 = curry(add)(5);
log(add5(10));

var compose = (...fns) => x => fns.reduceRight((acc, f) => f(acc), x);
var inc = n => n + 1;
var pipeline = compose(square, inc, n => n * 2);
log(pipeline(3));

function Timer() {
  this.ticks = 0;
  this.tick = () => {
    this.ticks++;
    return this;
  };
}
var t = new Timer();
var tick = t.tick;
tick();
tick();
log(t.ticks);

var team = {
  name: "core",
  members: ["ana", "bo", "cy"],
  describe() {
    return this.members.map(m => m + "@" + this.name).join(" ");
  }
};
log(team.describe());

var numbers = [4, 9, 16, 25];
log(numbers.map(Math.sqrt).filter(n => n % 2 === 1).join(","));
log(numbers.reduce((acc, n) => acc + n, 0));
log(numbers.map((n, i) => n * i));

var sorted = [{ n: "b", v: 2 }, { n: "a", v: 2 }, { n: "c", v: 1 }]
  .sort((x, y) => x.v - y.v || (x.n < y.n ? -1 : 1))
  .map(o => o.n);
log(sorted.join(""));

var classify = n => n < 0 ? "neg" : n === 0 ? "zero" : "pos";
log([-1, 0, 1].map(classify));

var memo = (fn, cache = {}) => n => n in cache ? cache[n] : (cache[n] = fn(n));
var fib = memo(n => n < 2 ? n : fib(n - 1) + fib(n - 2));
log(fib(50));

var defaults = ({ host = "localhost", port = 80 } = {}) => host + ":" + port;
log(defaults(), defaults({ port: 8080 }));

var counterFactory = () => {
  let count = 0;
  return { up: () => ++count, down: () => --count };
};
var cf = counterFactory();
cf.up();
cf.up();
log(cf.down());

var nested = a => b => c => [a, b, c].join("-");
log(nested(1)(2)(3), typeof (() => {}), (() => {})());
