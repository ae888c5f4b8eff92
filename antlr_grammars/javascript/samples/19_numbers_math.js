// Numbers: decimal and hex literals, Math.pow, bitwise
// operators, rounding, and a few numeric algorithms.
var log = typeof print === "function" ? print : console.log;

var literals = [0, 42, 3.14, .5, 5., 1e3, 2.5E-3, 0xff, 0XaB, 0x0F, 1E+2, 0.0];
log(literals.join(" "));

log(Math.pow(2, 10), Math.pow(2, Math.pow(3, 2)), Math.pow(-2, 2), Math.pow(2, -1));
var p = 3;
p *= p;
log(p);

log(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 4, -16 >> 2, -16 >>> 28);
var flags = 0;
flags |= 1 << 2;
flags |= 1 << 0;
flags &= ~(1 << 0);
flags ^= 0x10;
flags <<= 1;
flags >>= 1;
flags >>>= 0;
log(flags.toString(2));

log(Math.round(2.5), Math.round(-2.5), Math.floor(-1.5), Math.ceil(1.2), (-4.7 | 0));
log((1234.5678).toFixed(2), (0.000123).toExponential(1), (255).toString(16), (255).toString(2));
log(parseInt("ff", 16), parseInt("0x1A"), parseFloat("3.5e2abc"), Number("  12 "), +"1e-2");
log(0.1 + 0.2 === 0.3, Math.abs(0.1 + 0.2 - 0.3) < 1e-9);
log(1 / 0, -1 / 0, 0 / 0 !== 0 / 0, isNaN("abc"), isFinite("12"));
log(Number.MAX_VALUE > 1e308, Number.MIN_VALUE > 0, 9007199254740993 === 9007199254740992);

function gcd(a, b) {
  while (b !== 0) {
    var t = b;
    b = a % b;
    a = t;
  }
  return Math.abs(a);
}

function lcm(a, b) { return a / gcd(a, b) * b }

function isPrime(n) {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (var d = 3; d * d <= n; d += 2) {
    if (n % d === 0) return false;
  }
  return true;
}

function powMod(base, exp, mod) {
  var result = 1;
  base = base % mod;
  while (exp > 0) {
    if (exp & 1) {
      result = (result * base) % mod;
    }
    exp = exp >> 1;
    base = (base * base) % mod;
  }
  return result;
}

function sqrtNewton(x) {
  var guess = x / 2;
  for (var i = 0; i < 20; i++) {
    guess = (guess + x / guess) / 2;
  }
  return guess;
}

function popcount(n) {
  var count = 0;
  while (n) {
    n &= n - 1;
    count++;
  }
  return count;
}

log(gcd(1071, 462), lcm(4, 6), [2, 15, 17, 21, 97].filter(isPrime).join(","));
log(powMod(4, 13, 497), sqrtNewton(2).toFixed(10), popcount(0xf0f0));

var celsius = [-40, 0, 37, 100];
log(celsius.map(function (c) { return c * 9 / 5 + 32; }).join(" "));
var x = 7, y = 2;
log(x % y, -x % y, x / y, x / y | 0, Math.sqrt(3 * 3 + 4 * 4), Math.abs(-3), Math.pow(27, 1 / 3).toFixed(3));
var i = 0;
log(i++ + ++i, i--, --i, -(-i), +true, -"3", typeof -0);
