// Generators, yield*, iterators and the iteration protocol.
function* range(start, end, step = 1) {
  for (let i = start; i < end; i += step) {
    yield i;
  }
}

function* take(iterable, n) {
  if (n <= 0) return;
  for (const item of iterable) {
    yield item;
    if (--n === 0) return;
  }
}

function* naturals() {
  let n = 0;
  while (true) {
    const reset = yield n++;
    if (reset) n = 0;
  }
}

function* concat(...iterables) {
  for (const it of iterables) {
    yield* it;
  }
}

const tree = {
  value: 1,
  children: [{ value: 2, children: [] }, { value: 3, children: [{ value: 4, children: [] }] }],
  *[Symbol.iterator]() {
    yield this.value;
    for (const child of this.children) {
      yield* tree[Symbol.iterator].call(child);
    }
  },
};

class Matrix {
  constructor(rows) {
    this.rows = rows;
  }
  *cells() {
    for (const [r, row] of this.rows.entries()) {
      for (const [c, value] of row.entries()) yield { r, c, value };
    }
  }
}

console.log([...range(0, 10, 3)], [...take(naturals(), 5)]);
console.log([...concat([1, 2], "ab", range(5, 7))], [...tree]);
const gen = naturals();
gen.next();
gen.next();
console.log(gen.next(true).value);
for (const { r, c, value } of new Matrix([[1, 2], [3, 4]]).cells()) {
  console.log(r, c, value);
}
