"use strict";
var results = [];
function attempt(label, f) {
  try { f(); results.push(label + ": ok"); } catch (e) { results.push(label + ": " + e.name); }
}
attempt("undeclared", function () { undeclaredName = 1; });
attempt("readonly", function () { var o = Object.freeze({ a: 1 }); o.a = 2; });
attempt("getter only", function () { var o = { get x() { return 1; } }; o.x = 5; });
attempt("non-extensible", function () { var o = Object.preventExtensions({}); o.y = 1; });
attempt("delete non-configurable", function () { delete Object.prototype; });
attempt("this is undefined", function () { return this.x; });
attempt("arguments unlinked", function () {
  (function (a) { arguments[0] = 2; if (a !== 1) throw new Error("linked"); })(1);
});
attempt("callee", function () { return arguments.callee; });
attempt("eval scope", function () { eval("var inner = 1"); return typeof inner; });
attempt("octal", function () { eval("010"); });
attempt("with", function () { eval("with ({}) {}"); });
attempt("duplicate params", function () { eval("(function (a, a) {})"); });
results;
