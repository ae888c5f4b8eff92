// Template literals: nesting, tagged templates, String.raw, escapes.
const user = { first: "Ada", last: "Lovelace", langs: ["en", "fr"] };
const greeting = `Hello, ${user.first} ${user.last}!`;
const multi = `Line one
line two with ${user.langs.length} languages
and a \`backtick\` and a dollar $ sign and $${"money"}`;
const nested = `outer ${`inner ${user.langs.map((l) => `<${l}>`).join("")}`} end`;
const withObject = `json: ${JSON.stringify({ a: 1, b: { c: [1, 2] } })}`;
const math = `${1 + 2 * 3} ${(4 ** 2) / 8} ${user.langs.length > 1 ? "many" : "one"}`;

function tag(strings, ...values) {
  return strings.raw.map((s, i) => s + (i < values.length ? `[${values[i]}]` : "")).join("");
}

const tagged = tag`a${1}b${2}c`;
const raw = String.raw`C:\path\to\${user.first}`;
const html = (strings, ...vals) => strings.reduce((acc, s, i) => acc + s + (vals[i] ?? ""), "");
const page = html`<ul>${user.langs.map((l) => html`<li>${l}</li>`).join("")}</ul>`;
const unicode = `\u00e9\u{1F600}\x41\t`;
const empty = ``;

console.log(greeting, multi, nested, withObject, math, tagged, raw, page, unicode, empty);
