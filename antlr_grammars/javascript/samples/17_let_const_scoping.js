// Block scoping with let and const: per-iteration bindings, shadowing,
// temporal dead zone and block-level function declarations.
var log = typeof print === "function" ? print : console.log;

var callbacks = [];
for (let i = 0; i < 3; i++) {
  callbacks.push(() => i);
}
log(callbacks.map(f => f()).join(","));

var legacy = [];
for (var v = 0; v < 3; v++) {
  legacy.push(function () { return v; });
}
log(legacy.map(function (f) { return f(); }).join(","));

const LIMIT = 3;
let total = 0;
{
  let total = 100;
  const LIMIT = 1;
  log("inner", total, LIMIT);
}
log("outer", total, LIMIT);

try {
  LIMIT = 4;
} catch (e) {
  log("assigning a const: " + e.constructor.name);
}

const frozenList = [1, 2];
frozenList.push(3);
log(frozenList.length);

function tdz() {
  try {
    log(later);
  } catch (e) {
    log("temporal dead zone: " + e.constructor.name);
  }
  let later = "defined";
  return later;
}
log(tdz());

let x = "global";
function shadow() {
  let x = "function";
  if (true) {
    let x = "block";
    log(x);
  }
  return x;
}
log(shadow(), x);

{
  function blockFn() {
    return "block function";
  }
  log(blockFn());
}

for (const key in { a: 1, b: 2 }) {
  log("key " + key);
}

let counter = 0;
while (counter < 10) {
  const doubled = counter * 2;
  counter += doubled > 6 ? 5 : 1;
}
log("counter " + counter);

switch (counter) {
  case 11: {
    let message = "eleven";
    log(message);
    break;
  }
  default: {
    let message = "other";
    log(message);
  }
}

let [p, q] = [1, 2], r = p + q;
const s = r ** 2, t = `${s}`;
log(p, q, r, s, t);
let unassigned;
log(unassigned === undefined);
