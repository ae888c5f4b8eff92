// Generators: yield, yield*, values sent back with next(), return and
// throw, infinite sequences and for-of over generators.
var log = typeof print === "function" ? print : console.log;

function* range(start, end, step) {
  step = step || 1;
  for (let i = start; i < end; i += step) {
    yield i;
  }
}

var collected = [];
for (const n of range(0, 10, 3)) {
  collected.push(n);
}
log(collected.join(","));

function* fibonacci() {
  var a = 0, b = 1;
  while (true) {
    yield a;
    [a, b] = [b, a + b];
  }
}

function* take(iterable, n) {
  if (n <= 0) {
    return;
  }
  for (const value of iterable) {
    yield value;
    if (--n === 0) {
      return;
    }
  }
}
log([...take(fibonacci(), 12)].join(" "));

function* concat(...iterables) {
  for (const it of iterables) {
    yield* it;
  }
}
log([...concat([1, 2], "ab", range(5, 7))].join(""));

function* accumulator() {
  var total = 0;
  while (true) {
    var value = yield total;
    if (value === undefined) {
      break;
    }
    total += value;
  }
  return "final " + total;
}
var acc = accumulator();
acc.next();
acc.next(5);
acc.next(10);
var last = acc.next(2);
log(last.value, last.done);
var end = acc.next();
log(end.value, end.done);

function* guarded() {
  try {
    yield 1;
    yield 2;
  } catch (e) {
    yield "caught " + e;
  } finally {
    log("generator cleaned up");
  }
}
var g = guarded();
log(g.next().value);
log(g.throw("oops").value);
log(g.next().done);

var tree = {
  value: 1,
  children: [
    { value: 2, children: [{ value: 4, children: [] }] },
    { value: 3, children: [] }
  ]
};
function* walk(node, depth = 0) {
  yield [node.value, depth];
  for (const child of node.children) {
    yield* walk(child, depth + 1);
  }
}
for (const [value, depth] of walk(tree)) {
  log("  ".repeat(depth) + value);
}

var obj = {
  *entries() {
    for (const key of Object.keys(this)) {
      if (typeof this[key] !== "function") {
        yield [key, this[key]];
      }
    }
  },
  a: 1,
  b: 2
};
log(JSON.stringify([...obj.entries()]));

class Countdown {
  constructor(from) {
    this.from = from;
  }
  *[Symbol.iterator]() {
    for (let i = this.from; i > 0; i--) yield i;
  }
}
log([...new Countdown(5)].join(" "));

var lazy = function* () { const x = yield; yield x * 2 };
var l = lazy();
l.next();
log(l.next(21).value);
