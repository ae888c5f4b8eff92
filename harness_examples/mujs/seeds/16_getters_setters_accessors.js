var temperature = {
  _c: 20,
  get celsius() { return this._c; },
  set celsius(v) { if (typeof v !== "number") throw new TypeError("not a number"); this._c = v; },
  get fahrenheit() { return this._c * 9 / 5 + 32; },
  set fahrenheit(f) { this._c = (f - 32) * 5 / 9; }
};
temperature.fahrenheit = 212;
var boiling = temperature.celsius;
try { temperature.celsius = "hot"; } catch (e) { var err = e.message; }
function Vector(x, y) { this.x = x; this.y = y; }
Object.defineProperty(Vector.prototype, "length", { get: function () { return Math.sqrt(this.x * this.x + this.y * this.y); } });
Vector.prototype.valueOf = function () { return this.length; };
Vector.prototype.toString = function () { return "<" + this.x + "," + this.y + ">"; };
var v = new Vector(3, 4), w = new Vector(6, 8);
var ops = [v + w, v < w, "" + v, String(w), v * 2, [v, w].join(";")];
var log = [];
var observed = {};
["a", "b"].forEach(function (name) {
  var value;
  Object.defineProperty(observed, name, {
    get: function () { log.push("get " + name); return value; },
    set: function (x) { log.push("set " + name + "=" + x); value = x; },
    enumerable: true
  });
});
observed.a = 1; observed.b = observed.a + 1; observed.a += observed.b;
print(boiling, err, ops, log, JSON.stringify(observed));
