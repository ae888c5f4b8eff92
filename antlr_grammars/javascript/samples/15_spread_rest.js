// Spread and rest: spread in calls, array literals and object literals;
// rest parameters; copying and merging.
var log = typeof print === "function" ? print : console.log;

function sum(...numbers) {
  return numbers.reduce((a, b) => a + b, 0);
}
log(sum(), sum(1), sum(1, 2, 3, 4));

function tagged(label, ...values) {
  return label + ": " + values.join(" ");
}
log(tagged("values", 1, "two", [3]));

var parts = [3, 4];
var all = [1, 2, ...parts, 5, ...[6, 7]];
log(all.join(""));

log(Math.max(...all), Math.min(0, ...all, -1));

var chars = [..."hello"];
log(chars.length, chars.reverse().join(""));

var copy = [...all];
copy.push(8);
log(all.length, copy.length);

var defaults = { theme: "light", size: 12, debug: false };
var overrides = { size: 14, debug: true };
var config = { ...defaults, ...overrides, extra: "yes" };
log(JSON.stringify(config));

var { debug, ...withoutDebug } = config;
log(debug, Object.keys(withoutDebug).join(","));

function applyAll(fn, argLists) {
  return argLists.map(args => fn(...args));
}
log(applyAll(Math.pow, [[2, 3], [3, 2], [10, 0]]));

function construct(Ctor, args) {
  return new Ctor(...args);
}
var d = construct(Date, [2020, 0, 15]);
log(d.getFullYear(), d.getMonth(), d.getDate());

var matrix = [[1, 2], [3], [4, 5, 6]];
var flat = [].concat(...matrix);
log(flat.join(" "));

function partialRight(fn, ...fixed) {
  return (...args) => fn(...args, ...fixed);
}
var divideBy2 = partialRight((a, b) => a / b, 2);
log(divideBy2(9));

var unique = [...new Set([1, 1, 2, 3, 3, 3])];
log(unique.join(""));

function argsToArray() {
  return [...arguments];
}
log(argsToArray("a", "b").length);

var nested = { a: { b: 1 } };
var shallow = { ...nested };
shallow.a.b = 2;
log(nested.a.b, { ...null, ...undefined, ..."ab" }[1]);
