var parts = ["hello world", "a&b=c/d?e#f", "ümlaut ✓", "100%", "emoji 😀", "~!*()'"];
var encoded = parts.map(encodeURIComponent);
var full = encodeURI("https://example.org/path with spaces/ü?q=a b&r=1#frag");
var decoded = encoded.map(decodeURIComponent);
var roundTrip = decoded.join("|") === parts.join("|");
var bad = [];
["%", "%E0%A4%A", "%FF", "%C0%AF"].forEach(function (s) {
  try { decodeURIComponent(s); } catch (e) { bad.push(e.name); }
});
try { encodeURIComponent("\uD800"); } catch (e) { bad.push("lone surrogate: " + e.name); }
var query = "name=J%C3%BCrgen&tags=a%2Cb&empty=&flag";
var params = {};
query.split("&").forEach(function (kv) {
  var i = kv.indexOf("=");
  var key = i < 0 ? kv : kv.slice(0, i), value = i < 0 ? true : decodeURIComponent(kv.slice(i + 1));
  params[key] = value;
});
print(encoded, full, roundTrip, bad, JSON.stringify(params), decodeURI("%41%2F%20"));
