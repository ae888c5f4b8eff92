var s = "The quick brown fox jumps over the lazy dog";
var words = s.split(" ");
var caps = words.map(function (w) { return w.charAt(0).toUpperCase() + w.substring(1); }).join(" ");
var info = [s.length, s.indexOf("fox"), s.lastIndexOf("o"), s.search(/jumps/), s.charCodeAt(4),
  s.slice(-8, -4), s.substring(4, 9), s.substring(10, 4), s.toLowerCase() === s.toLowerCase()];
var padded = ("00000" + 42).slice(-5);
var trimmed = "  \t spaced out \n ".trim();
var cmp = ["b".localeCompare("a"), "a" < "b", "10" < "9", 10 < 9];
var codes = String.fromCharCode(72, 105, 0x263A, 0xD83D, 0xDE00);
var repeated = new Array(4).join("ab") + "|" + "x,y,,z".split(",").length;
var escaped = "quote \" backslash \\ tab \t nl \n uni \u00e9 hex \x41 octal-free";
var multi = "line one\
 continues";
var obj = new String("boxed"); obj.extra = 1;
var concat = "a".concat("b", 1, null, undefined, true);
print(caps, info, padded, trimmed, cmp, codes, repeated, escaped.length, multi, obj.length,
  typeof obj, concat, "abc"[1], "abc".split(""));
