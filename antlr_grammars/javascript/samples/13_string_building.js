// Building strings: concatenation, join, a small placeholder formatter,
// escaping, padding and multi-line text with line continuations.
var log = typeof print === "function" ? print : console.log;

var user = { name: "Ada", visits: 3, last: "Monday" };
var greeting = "Hello, " + user.name + "! You have visited " + user.visits +
  " time" + (user.visits === 1 ? "" : "s") + ", last on " + user.last + ".";
log(greeting);

// Placeholders {0}, {1} or {name} replaced from an array or an object.
function format(pattern, values) {
  return pattern.replace(/\{(\w+)\}/g, function (whole, key) {
    return values.hasOwnProperty(key) ? String(values[key]) : whole;
  });
}
log(format("{0} + {1} = {2}", [2, 3, 2 + 3]));
log(format("{name} has {visits} visits; {missing} stays", user));

function pad(text, width, fill, left) {
  text = String(text);
  fill = fill || " ";
  while (text.length < width) {
    text = left ? fill + text : text + fill;
  }
  return text;
}

// A text table assembled row by row.
var rows = [["item", "qty", "price"], ["apple", 3, 0.5], ["melon", 1, 2.25], ["fig", 12, 0.2]];
var widths = [0, 0, 0];
for (var r = 0; r < rows.length; r++) {
  for (var c = 0; c < rows[r].length; c++) {
    widths[c] = Math.max(widths[c], String(rows[r][c]).length);
  }
}
var lines = [];
for (r = 0; r < rows.length; r++) {
  var cells = [];
  for (c = 0; c < rows[r].length; c++) {
    cells.push(pad(rows[r][c], widths[c], " ", c > 0));
  }
  lines.push("| " + cells.join(" | ") + " |");
  if (r === 0) {
    lines.push("|" + pad("", widths[0] + 2, "-") + "+" + pad("", widths[1] + 2, "-") +
      "+" + pad("", widths[2] + 2, "-") + "|");
  }
}
log(lines.join("\n"));

// HTML escaping with a lookup table.
var entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, function (ch) { return entities[ch]; });
}
var html = "<ul>";
var items = ["a < b", "Tom & Jerry", "say \"hi\"", "it's"];
for (var i = 0; i < items.length; i++) {
  html += "<li>" + escapeHtml(items[i]) + "</li>";
}
html += "</ul>";
log(html);

// Strings across lines: a continuation and concatenation.
var poem = "Roses are red,\n\
violets are blue,\n" +
  "strings concatenate\n" +
  "and so can you.";
log(poem.split("\n").length, poem.length);

// Converting values as they are added to strings.
log("" + 1 + 2, 1 + 2 + "", "3" * "4", [1, [2, 3]] + "", {} + "", null + "!", typeof ("" + undefined));

// A repeat by doubling, and reversing by characters.
function repeat(s, n) {
  var out = "";
  while (n > 0) {
    if (n & 1) out += s;
    s += s;
    n >>= 1;
  }
  return out;
}
log(repeat("ab", 5), "stressed".split("").reverse().join(""));
log(["x", "y", "z"].join(""), "a-b-c".split("-").join("+"), "%" + "41".toUpperCase());
