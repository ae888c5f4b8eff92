// Regular expression literals: flags, named groups, lookbehind, classes,
// unicode property escapes.
const date = /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/u;
const match = "2022-06-15".match(date);
const { year, month, day } = match.groups;

const words = /\b\w+\b/g;
const count = "one two three".match(words).length;
const sticky = /foo/y;
sticky.lastIndex = 3;
const dotAll = /a.b/s.test("a\nb");
const indices = /b+/d.exec("abbbc").indices[0];
const caseless = /hello/gi;
const multiline = /^start|end$/gm;
const lookbehind = /(?<=\$)\d+(\.\d\d)?/;
const negativeLookbehind = /(?<!-)\b\d+\b/g;
const backref = /(?<quote>["'])[^"']*\k<quote>/;
const greek = /\p{Script=Greek}+/u;
const letters = /[\p{L}\p{N}_]+/gu;
const classes = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i;
const escaped = /\/\*[^*]*\*+(?:[^\/*][^*]*\*+)*\//;
const alternation = /^(?:cat|dog|bird)s?$/;

const replaced = "a-b-c".replace(/-/g, "+").replaceAll(/\+/g, "=");
const parts = "k1=v1;k2=v2".split(/[;=]/);
const price = "cost: $42.50".match(lookbehind)?.[0];

console.log(year, month, day, count, sticky.test("barfoo"), dotAll, indices);
console.log(caseless.flags, multiline.source, "x-12 3".match(negativeLookbehind));
console.log(backref.test("'hi'"), greek.test("αβγ"), letters.test("abc"), classes.test("a@b.io"));
console.log(escaped.test("/* c */"), alternation.test("dogs"), replaced, parts, price);
