// A tokenizer and evaluator for arithmetic expressions.
function tokenize(src) {
  var tokens = [], i = 0, m, re = /\s*(?:(\d+(?:\.\d+)?)|(.))/g;
  while ((m = re.exec(src)) && m[0] !== "") {
    tokens.push(m[1] !== undefined ? { type: "num", value: parseFloat(m[1]) } : { type: "op", value: m[2] });
  }
  return tokens;
}
function parse(tokens) {
  var pos = 0;
  function peek() { return tokens[pos]; }
  function next() { return tokens[pos++]; }
  function primary() {
    var t = next();
    if (!t) throw new SyntaxError("unexpected end");
    if (t.type === "num") return t.value;
    if (t.value === "(") { var v = expr(); if (!next() || tokens[pos - 1].value !== ")") throw new SyntaxError("missing )"); return v; }
    if (t.value === "-") return -primary();
    throw new SyntaxError("unexpected " + t.value);
  }
  function power() { var b = primary(); if (peek() && peek().value === "^") { next(); return Math.pow(b, power()); } return b; }
  function term() {
    var v = power();
    while (peek() && (peek().value === "*" || peek().value === "/" || peek().value === "%")) {
      var op = next().value, r = power();
      v = op === "*" ? v * r : op === "/" ? v / r : v % r;
    }
    return v;
  }
  function expr() {
    var v = term();
    while (peek() && (peek().value === "+" || peek().value === "-")) v = next().value === "+" ? v + term() : v - term();
    return v;
  }
  var result = expr();
  if (pos < tokens.length) throw new SyntaxError("trailing input");
  return result;
}
var cases = ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-4 + 10 % 3", "1 / 0", "((2)", "3 +", "7 $ 2"];
var out = cases.map(function (c) { try { return c + " = " + parse(tokenize(c)); } catch (e) { return c + " -> " + e.message; } });
print(out.join("\n"));
