// Statements: labels, loops, switch, break/continue, do-while, for-in,
// comma operator, with-free sloppy code.
const grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]];
let found = null;

outer: for (let i = 0; i < grid.length; i++) {
  inner: for (let j = 0; j < grid[i].length; j++) {
    if (grid[i][j] % 2 === 0) continue inner;
    if (grid[i][j] > 6) {
      found = [i, j];
      break outer;
    }
  }
}

function classify(value) {
  switch (typeof value) {
    case "number":
      if (Number.isNaN(value)) return "nan";
      return value < 0 ? "negative" : "number";
    case "string":
    case "symbol":
      return "text-like";
    default: {
      const kind = value === null ? "null" : "object";
      return kind;
    }
  }
}

let n = 0;
do {
  n += 3;
} while (n < 10);

const obj = { x: 1, y: 2 };
const keys = [];
for (const k in obj) {
  if (!Object.hasOwn(obj, k)) continue;
  keys.push(k);
}

let i = 0, j = 10;
while (i < j) {
  i++, j--;
}

block: {
  if (keys.length > 1) break block;
  keys.push("never");
}

for (;;) {
  if (++n > 20) break;
}

console.log(found, classify(-1), classify("s"), classify(null), n, keys, i, j);
