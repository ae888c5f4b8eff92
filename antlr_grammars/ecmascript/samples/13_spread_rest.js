// Spread and rest in calls, arrays, objects and parameters; trailing commas.
const base = { a: 1, b: 2 };
const extended = { ...base, c: 3, ...{ d: 4 }, };
const { a, ...withoutA } = extended;
const arr = [1, 2, 3];
const copy = [...arr, ...new Set([3, 4, 5]), ..."xy"];
const holes = [, , 1, , ];
const max = Math.max(...arr, 10, ...copy.filter((v) => typeof v === "number"),);

function sum(first, ...others) {
  return others.reduce((acc, v) => acc + v, first);
}

function withTrailing(
  alpha,
  beta = 2,
) {
  return alpha + beta;
}

const merged = Object.assign({}, ...[base, { e: 5 }]);
const args = [1, 2, 3];
const total = sum(...args, 4,);
const clone = structuredCloneLike({ ...extended, nested: [...arr] });

function structuredCloneLike(value) {
  if (Array.isArray(value)) return [...value.map(structuredCloneLike)];
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneLike(v)]));
  }
  return value;
}

console.log(extended, a, withoutA, copy, holes.length, max, total, withTrailing(1), merged, clone);
