var n = [Math.abs(-7.5), Math.ceil(4.1), Math.floor(-4.1), Math.round(2.5), Math.round(-2.5),
  Math.max(1, 3, 2), Math.min(), Math.pow(2, 10), Math.sqrt(2), Math.exp(1), Math.log(Math.E),
  Math.sin(Math.PI / 2), Math.cos(0), Math.tan(0), Math.atan2(1, 1), Math.asin(1), Math.acos(1), Math.atan(1)];
var fmt = [(1234.5678).toFixed(2), (0.000001234).toExponential(3), (123.456).toPrecision(4),
  (255).toString(16), (255).toString(2), (-255).toString(36), (0.5).toString(2), 1e21 + "", 1e-7 + "",
  (25).toString(), Number.MAX_VALUE, Number.MIN_VALUE, -0 === 0, 1 / -0];
var parsed = [parseInt("0x1F"), parseInt("077", 8), parseInt("z", 36), parseInt("12px"), parseFloat("3.14abc"),
  parseFloat(".5e1"), Number("  42  "), Number(""), Number("0x10"), +"1e3", +"abc", isNaN("abc"), isFinite("12")];
var bits = [5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 31, -1 >>> 28, -16 >> 2, 0xFFFFFFFF | 0, 2147483647 + 1 | 0];
var arith = [0.1 + 0.2, 7 % -3, -7 % 3, 5 / 0, -5 / 0, 0 / 0, Infinity - Infinity, 2e308];
var rnd = 0; for (var i = 0; i < 100; i++) { rnd += Math.random() < 0.5 ? 1 : 0; }
var conv = [true + 1, "3" * "4", "3" + 4, null + 1, undefined + 1, [] + {}, [2] * [3]];
print(n, fmt, parsed, bits, arith, rnd, conv);
