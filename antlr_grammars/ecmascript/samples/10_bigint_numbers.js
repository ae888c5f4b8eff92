// Numeric literals: BigInt, separators, hex/octal/binary, exponents.
const big = 9007199254740993n;
const huge = 2n ** 100n;
const hexBig = 0xFF_FFn;
const octBig = 0o777n;
const binBig = 0b1010_1010n;
const million = 1_000_000;
const fraction = 0.000_001;
const sci = 6.022_140_76e23;
const small = 1e-7;
const hex = 0xDEAD_BEEF;
const octal = 0o755;
const binary = 0b1111_0000;
const half = .5;
const trailing = 5.;

function factorial(n) {
  let result = 1n;
  for (let i = 2n; i <= n; i++) {
    result *= i;
  }
  return result;
}

const mixed = BigInt(million) * big;
const asNumber = Number(big % 1000n);
const shifted = 1n << 64n;
const negative = -huge;
const compare = 10n > 9 && 2n == 2 && typeof 1n === "bigint";
const power = 2 ** 10 ** 0;
const squared = (-3) ** 2;
let x = 7;
x **= 2;
x %= 10;
x >>>= 1;
x <<= 3;
x |= 1;
x &= 0b1111;
x ^= 0xF;

console.log(big, huge, hexBig, octBig, binBig, million, fraction, sci, small);
console.log(hex, octal, binary, half, trailing, factorial(25n), mixed, asNumber);
console.log(shifted, negative, compare, power, squared, x, 1 .toString(), (2).toFixed(1));
