// A recursive-descent evaluator for arithmetic with variables and
// functions; precedence climbing, error positions, and a REPL-like loop.
var log = typeof print === "function" ? print : console.log;

function Lexer(text) {
  this.text = text;
  this.pos = 0;
}

Lexer.prototype.next = function () {
  var ws = /\s*/g;
  ws.lastIndex = this.pos;
  ws.exec(this.text);
  this.pos = ws.lastIndex;
  if (this.pos >= this.text.length) {
    return { type: "eof", pos: this.pos };
  }
  var rest = this.text.slice(this.pos);
  var m;
  if ((m = /^\d+(\.\d+)?([eE][-+]?\d+)?/.exec(rest))) {
    this.pos += m[0].length;
    return { type: "num", value: parseFloat(m[0]), pos: this.pos };
  }
  if ((m = /^[a-zA-Z_]\w*/.exec(rest))) {
    this.pos += m[0].length;
    return { type: "id", value: m[0], pos: this.pos };
  }
  var ch = rest.charAt(0);
  if ("+-*/^(),".indexOf(ch) >= 0) {
    this.pos++;
    return { type: ch, pos: this.pos };
  }
  throw new SyntaxError("unexpected '" + ch + "' at " + this.pos);
};

function Parser(text, env) {
  this.lexer = new Lexer(text);
  this.env = env;
  this.tok = this.lexer.next();
}

Parser.prototype.eat = function (type) {
  if (this.tok.type !== type) {
    throw new SyntaxError("expected " + type + " but found " + this.tok.type + " at " + this.tok.pos);
  }
  var t = this.tok;
  this.tok = this.lexer.next();
  return t;
};

var BINARY = {
  "+": [1, function (a, b) { return a + b; }],
  "-": [1, function (a, b) { return a - b; }],
  "*": [2, function (a, b) { return a * b; }],
  "/": [2, function (a, b) { return a / b; }],
  "^": [3, function (a, b) { return Math.pow(a, b); }]
};

Parser.prototype.expr = function (minPrec) {
  var left = this.unary();
  while (BINARY.hasOwnProperty(this.tok.type) && BINARY[this.tok.type][0] >= minPrec) {
    var op = BINARY[this.eat(this.tok.type).type];
    var nextMin = op[0] === 3 ? op[0] : op[0] + 1;
    left = op[1](left, this.expr(nextMin));
  }
  return left;
};

Parser.prototype.unary = function () {
  if (this.tok.type === "-") {
    this.eat("-");
    return -this.unary();
  }
  return this.primary();
};

Parser.prototype.primary = function () {
  var t = this.tok;
  switch (t.type) {
    case "num":
      this.eat("num");
      return t.value;
    case "id":
      this.eat("id");
      if (this.tok.type === "(") {
        this.eat("(");
        var args = [];
        if (this.tok.type !== ")") {
          do {
            if (args.length) this.eat(",");
            args.push(this.expr(1));
          } while (this.tok.type === ",");
        }
        this.eat(")");
        var fn = this.env[t.value];
        if (typeof fn !== "function") {
          throw new ReferenceError(t.value + " is not a function");
        }
        return fn.apply(null, args);
      }
      if (!(t.value in this.env)) {
        throw new ReferenceError(t.value + " is not defined");
      }
      return this.env[t.value];
    case "(":
      this.eat("(");
      var v = this.expr(1);
      this.eat(")");
      return v;
    default:
      throw new SyntaxError("unexpected " + t.type + " at " + t.pos);
  }
};

function evaluate(text, env) {
  var p = new Parser(text, env);
  var value = p.expr(1);
  p.eat("eof");
  return value;
}

var env = { pi: Math.PI, x: 3, max: Math.max, sqrt: Math.sqrt, hyp: function (a, b) { return Math.sqrt(a * a + b * b); } };
var programs = ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-x ^ 2", "max(1, x, 2) / 2", "hyp(3, 4)", "sqrt(2 * pi", "y + 1", "4 $ 4"];
programs.forEach(function (src) {
  try {
    log(src + " = " + evaluate(src, env));
  } catch (e) {
    log(src + " -> " + e.name + ": " + e.message);
  }
});
