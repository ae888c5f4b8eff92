// Loops: labeled break and continue, do-while, for-in over objects and
// arrays, and loops with comma expressions.
var log = typeof print === "function" ? print : console.log;

var grid = [
  [1, 2, 3, 4],
  [5, 6, -7, 8],
  [9, 10, 11, 12]
];

var firstNegative = null;
search: for (var row = 0; row < grid.length; row++) {
  for (var col = 0; col < grid[row].length; col++) {
    if (grid[row][col] < 0) {
      firstNegative = [row, col];
      break search;
    }
  }
}
log("first negative at " + firstNegative);

var oddSums = [];
rows: for (var r = 0; r < grid.length; r++) {
  var sum = 0;
  for (var c = 0; c < grid[r].length; c++) {
    if (grid[r][c] < 0) {
      continue rows;
    }
    if (grid[r][c] % 2 === 0) {
      continue;
    }
    sum += grid[r][c];
  }
  oddSums.push(sum);
}
log("odd sums of clean rows: " + oddSums.join(","));

var primes = [];
outer: for (var n = 2; primes.length < 10; n++) {
  for (var p = 0; p < primes.length && primes[p] * primes[p] <= n; p++) {
    if (n % primes[p] === 0) {
      continue outer;
    }
  }
  primes.push(n);
}
log(primes.join(" "));

var digits = [];
var value = 90210;
do {
  digits.unshift(value % 10);
  value = Math.floor(value / 10);
} while (value > 0);
log(digits.join("|"));

var collatz = 27, steps = 0;
while (collatz !== 1) {
  collatz = collatz % 2 === 0 ? collatz / 2 : 3 * collatz + 1;
  steps++;
}
log("collatz(27) takes " + steps + " steps");

for (var i = 0, j = 10; i < j; i += 3, j -= 2) {
  log(i + " < " + j);
}

var inventory = { apples: 3, pears: 0, plums: 12 };
var stocked = [];
for (var fruit in inventory) {
  if (!inventory[fruit]) continue;
  stocked.push(fruit);
}
log(stocked.join(" and "));

block: {
  if (stocked.length > 1) {
    break block;
  }
  log("not reached");
}

var k = 0;
for (;;) {
  if (++k > 5) break;
}
log("k = " + k);

var matrix = "";
for (var y = 0; y < 3; y++) {
  for (var x = 0; x < 3; x++) matrix += x === y ? "1" : "0";
  matrix += y < 2 ? "/" : "";
}
log(matrix);
