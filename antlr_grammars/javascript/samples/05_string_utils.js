// String methods: padding, case, slicing, searching, char codes and a
// small word-wrapping routine.
var log = typeof print === "function" ? print : console.log;

function pad(str, width, ch, right) {
  str = String(str);
  ch = ch || " ";
  while (str.length < width) {
    str = right ? str + ch : ch + str;
  }
  return str;
}

function capitalize(s) {
  return s.charAt(0).toUpperCase() + s.substring(1).toLowerCase();
}

function titleCase(s) {
  return s.split(" ").map(capitalize).join(" ");
}

function reverse(s) {
  return s.split("").reverse().join("");
}

function isPalindrome(s) {
  var clean = s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return clean === reverse(clean);
}

function countChars(s) {
  var counts = {};
  for (var i = 0; i < s.length; i++) {
    var c = s.charAt(i);
    counts[c] = (counts[c] || 0) + 1;
  }
  return counts;
}

function caesar(s, shift) {
  var out = "";
  for (var i = 0; i < s.length; i++) {
    var code = s.charCodeAt(i);
    if (code >= 65 && code <= 90) {
      out += String.fromCharCode((code - 65 + shift) % 26 + 65);
    } else if (code >= 97 && code <= 122) {
      out += String.fromCharCode((code - 97 + shift) % 26 + 97);
    } else {
      out += s.charAt(i);
    }
  }
  return out;
}

function wrap(text, width) {
  var words = text.split(/\s+/);
  var lines = [];
  var line = "";
  for (var i = 0; i < words.length; i++) {
    if (line.length > 0 && line.length + 1 + words[i].length > width) {
      lines.push(line);
      line = words[i];
    } else {
      line = line.length > 0 ? line + " " + words[i] : words[i];
    }
  }
  if (line) {
    lines.push(line);
  }
  return lines;
}

log("[" + pad(42, 6, "0") + "]", "[" + pad("left", 8, ".", true) + "]");
log(titleCase("the QUICK brown fOX"));
log(isPalindrome("A man, a plan, a canal: Panama"), isPalindrome("grammut"));
var counts = countChars("mississippi");
log(Object.keys(counts).map(function (k) { return k + "=" + counts[k]; }).join(" "));
log(caesar("Hello, World!", 3), caesar(caesar("Round Trip", 13), 13));
log(wrap("Grammar aware fuzzing keeps inputs valid so the fuzzer spends its time " +
  "in the interesting parts of the target", 24).join("\n"));

var s = "  Trim me please\t\n";
log("<" + s.trim() + ">", s.length, s.trim().length);
log("abcdef".slice(-3), "abcdef".charAt(1), "abcdef".substring(4, 1));
log("a,b,,c".split(","), "x".concat("y", 1, true));
log("banana".indexOf("an"), "banana".lastIndexOf("an"), "banana".indexOf("z"));
log("\u0041\x42\u0043", "tab\there", 'quote \'single\' "double"');
log("line one\
 continued", "\\backslash", "\0".length);
log(["b", "a", "C"].sort().join(""), "Ab".localeCompare("ab") !== 0);
log(encodeURIComponent("a b&c=d/e"), decodeURIComponent("%E2%9C%93"));
