#!/usr/bin/env node
// Hashbang comment, Unicode identifiers and escapes in names and strings,
// line continuations.
const café = "coffee";
const π = Math.PI;
const Ω = 1;
const 変数 = "variable";
const \u0061bc = "escaped name";
const x\u{62}y = "braced escape";
const obj = { ünïcödé: true, "\u{1F600}": "smile" };
const text = "tab\tnewline\nquote\"backslash\\ hex\x41 unicode\u00e9 null\0";
const single = 'it\'s';
const continued = "first line \
second line";
const separators = "\u2028\u2029";

function ДобавитьЕдиницу(число) {
  return число + 1;
}

console.log(café, π, Ω, 変数, abc, xby, obj.ünïcödé, text, single, continued);
console.log(separators.length, ДобавитьЕдиницу(1), obj["\u{1F600}"]);
