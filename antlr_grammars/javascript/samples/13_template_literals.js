// Template literals: substitutions, nesting, multi-line text, escapes and
// tagged templates (including String.raw).
var log = typeof print === "function" ? print : console.log;

var user = { first: "Ada", last: "Lovelace", langs: ["en", "fr"] };
var greeting = `Hello, ${user.first} ${user.last}!`;
log(greeting);

var price = 9.5, qty = 3;
log(`Total: $${(price * qty).toFixed(2)} for ${qty} item${qty === 1 ? "" : "s"}`);
log(`cost: ${price}$`, `$`, `$$`, `${"{"}braces{}${"}"}`);

var table = `
<ul>
  ${user.langs.map(l => `<li>${l.toUpperCase()}</li>`).join("\n  ")}
</ul>`;
log(table);

var nested = `outer ${`inner ${`innermost ${1 + 1}`}`} done`;
log(nested);

var objInside = `${{ a: 1, b: { c: 2 } }.b.c} and ${(function () { return { x: "y" }; })().x}`;
log(objInside);

var escapes = `tab\tnewline\nbacktick \` dollar \${not a substitution} unicode \u00e9 \x41`;
log(escapes);

function html(strings, ...values) {
  var out = "";
  for (var i = 0; i < strings.length; i++) {
    out += strings[i];
    if (i < values.length) {
      out += String(values[i]).replace(/[&<>"]/g, function (c) {
        return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
      });
    }
  }
  return out;
}
var evil = '<script>alert("x")</script>';
log(html`<p title="${evil}">${evil} & more</p>`);

function count(strings, ...values) {
  return strings.length + ":" + values.length;
}
log(count`a${1}b${2}c`, count``, count`${0}`);

log(String.raw`C:\new\table ${1 + 2}`);
log(String.raw`\d+\.\d*`.length);

var tag = function (s) { return s.raw.join("|"); };
log(tag`line1\nline2`);

var lines = ["alpha", "beta"];
var report = `Report
===
${lines.map((l, i) => `${i + 1}. ${l}`).join("\n")}
(${lines.length} lines)`;
log(report);
log(`${`${`${"deep"}`}`}`.length, typeof `x`, `a` + `b`);
