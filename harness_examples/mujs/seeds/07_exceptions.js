function risky(n) {
  if (n === 0) throw new RangeError("zero");
  if (n === 1) throw { code: 1, message: "plain object" };
  if (n === 2) null.property;
  if (n === 3) undefinedVariable + 1;
  if (n === 4) throw "a string";
  if (n === 5) eval("var = ;");
  return n;
}
var log = [];
for (var i = 0; i < 7; i++) {
  try {
    log.push(risky(i));
  } catch (e) {
    log.push((e instanceof Error ? e.name + ": " : typeof e + ": ") + (e.message || e));
  } finally {
    log.push("finally " + i);
  }
}
function nested() {
  try {
    try { throw new TypeError("inner"); }
    finally { log.push("inner finally"); }
  } catch (e) {
    return "caught " + e.message;
  } finally {
    log.push("outer finally");
  }
}
log.push(nested());
function finallyWins() { try { return "try"; } finally { return "finally"; } }
log.push(finallyWins());
var custom = new Error("custom message"); custom.name = "MyError";
log.push(String(custom), custom instanceof Error, Object.prototype.toString.call(custom));
try { (function f() { f(); })(); } catch (e) { log.push("recursion: " + e); }
log.join("\n");
