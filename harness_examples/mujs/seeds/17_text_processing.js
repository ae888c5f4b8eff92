var text = "It was the best of times, it was the worst of times, it was the age of wisdom, " +
  "it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity.";
var counts = {};
text.toLowerCase().replace(/[^a-z\s]/g, "").split(/\s+/).forEach(function (w) {
  if (w) counts[w] = (counts[w] || 0) + 1;
});
var top = Object.keys(counts).sort(function (a, b) { return counts[b] - counts[a] || (a < b ? -1 : 1); }).slice(0, 5);
function wrap(s, width) {
  var lines = [], line = "";
  s.split(" ").forEach(function (word) {
    if ((line + " " + word).length > width && line) { lines.push(line); line = word; }
    else line = line ? line + " " + word : word;
  });
  if (line) lines.push(line);
  return lines;
}
function rot13(s) {
  return s.replace(/[a-zA-Z]/g, function (c) {
    var base = c <= "Z" ? 65 : 97;
    return String.fromCharCode((c.charCodeAt(0) - base + 13) % 26 + base);
  });
}
function template(t, data) { return t.replace(/\{(\w+)\}/g, function (m, k) { return k in data ? data[k] : m; }); }
var csv = "id,name,score\n1,Ann,90\n2,Bob,85\n3,Cy,77";
var rows = csv.split("\n").slice(1).map(function (l) { var f = l.split(","); return { id: +f[0], name: f[1], score: +f[2] }; });
var avg = rows.reduce(function (s, r) { return s + r.score; }, 0) / rows.length;
print(top, wrap(text, 30).length, rot13("Hello, World"), template("{greet}, {name}! {missing}", { greet: "Hi", name: "Zed" }), avg.toFixed(1));
