// Iterators made from closures: ranges, infinite sequences taken lazily,
// mapping and filtering iterators, and a tree walked step by step.
var log = typeof print === "function" ? print : console.log;

function range(start, end, step) {
  var next = start;
  step = step || 1;
  return {
    hasNext: function () { return step > 0 ? next < end : next > end; },
    next: function () {
      var value = next;
      next += step;
      return value;
    }
  };
}

function toArray(it, limit) {
  var out = [];
  while (it.hasNext() && (limit === undefined || out.length < limit)) {
    out.push(it.next());
  }
  return out;
}
log(toArray(range(0, 5)).join(" "), toArray(range(10, 0, -3)).join(" "));

// An endless sequence: only as many values as are asked for.
function fibonacci() {
  var a = 0, b = 1;
  return {
    hasNext: function () { return true; },
    next: function () {
      var value = a;
      var sum = a + b;
      a = b;
      b = sum;
      return value;
    }
  };
}
log(toArray(fibonacci(), 12).join(","));

function mapIter(it, fn) {
  return { hasNext: it.hasNext, next: function () { return fn(it.next()); } };
}
function filterIter(it, pred) {
  var buffered = false, value;
  function fill() {
    while (!buffered && it.hasNext()) {
      value = it.next();
      buffered = pred(value);
    }
    return buffered;
  }
  return {
    hasNext: fill,
    next: function () {
      fill();
      buffered = false;
      return value;
    }
  };
}
var evensSquared = mapIter(filterIter(range(1, 20), function (n) { return n % 2 === 0; }),
  function (n) { return n * n; });
log(toArray(evensSquared).join(" "));

// An iterator over a tree, with an explicit stack instead of recursion.
var tree = { v: 1, kids: [{ v: 2, kids: [{ v: 4, kids: [] }] }, { v: 3, kids: [{ v: 5, kids: [] }, { v: 6, kids: [] }] }] };
function depthFirst(root) {
  var stack = [root];
  return {
    hasNext: function () { return stack.length > 0; },
    next: function () {
      var node = stack.pop();
      for (var i = node.kids.length - 1; i >= 0; i--) stack.push(node.kids[i]);
      return node.v;
    }
  };
}
log(toArray(depthFirst(tree)).join(" > "));

// Two iterators in step, and an id generator that keeps its state.
function zip(a, b) {
  return {
    hasNext: function () { return a.hasNext() && b.hasNext(); },
    next: function () { return [a.next(), b.next()]; }
  };
}
var pairs = toArray(zip(range(0, 3), fibonacci()));
log(JSON.stringify(pairs));

var nextId = (function () {
  var id = 0;
  return function (prefix) { id += 1; return (prefix || "id") + id; };
})();
log(nextId(), nextId("node"), nextId());

// Iterating over the keys of an object in sorted order.
function keysOf(obj) {
  var keys = [];
  for (var k in obj) if (obj.hasOwnProperty(k)) keys.push(k);
  keys.sort();
  var i = 0;
  return { hasNext: function () { return i < keys.length; }, next: function () { return keys[i++]; } };
}
log(toArray(keysOf({ zeta: 1, alpha: 2, mid: 3 })).join(","));
