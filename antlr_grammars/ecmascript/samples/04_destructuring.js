// Destructuring in declarations, parameters, assignments and loops, with
// defaults and rest elements.
const point = { x: 1, y: 2, z: 3, meta: { label: "p", tags: ["t1", "t2"] } };
const { x, y: why, w = 10, ...others } = point;
const { meta: { label, tags: [firstTag, , thirdTag = "none"] } } = point;
let [a, b, ...rest] = [1, 2, 3, 4, 5];
[a, b] = [b, a];
let first, second;
({ x: first, y: second = 0 } = point);

function area({ width = 1, height = width * 2 } = {}) {
  return width * height;
}

function head([h, ...t]) {
  return { h, t };
}

const swap = ([p, q]) => [q, p];
const named = ({ name, age = 0 }, ...extras) => `${name}:${age}:${extras.length}`;

for (const [key, value] of Object.entries({ one: 1, two: 2 })) {
  console.log(key, value);
}
for (const { id, ...data } of [{ id: 1, v: "a" }, { id: 2, v: "b" }]) {
  console.log(id, data);
}

const matrix = [[1, 2], [3, 4]];
const [[m00, m01], [m10]] = matrix;
console.log(x, why, w, others, label, firstTag, thirdTag, a, b, rest);
console.log(first, second, area(), area({ width: 3 }), head([1, 2, 3]), swap([1, 2]));
console.log(named({ name: "n" }, 1, 2), m00 + m01 + m10);
