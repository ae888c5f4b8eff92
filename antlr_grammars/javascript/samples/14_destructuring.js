// Destructuring: array and object patterns in declarations, assignments,
// parameters and loops, with defaults, holes, nesting and rest elements.
var log = typeof print === "function" ? print : console.log;

var [first, second, ...others] = [1, 2, 3, 4, 5];
log(first, second, others.length);

var [, , third = "default", fourth = "none"] = ["a", "b", "c"];
log(third, fourth);

let { name, age: years, address: { city = "unknown" } = {} } = { name: "Kim", age: 31 };
log(name, years, city);

const { x = 10, y = 20, ...rest } = { y: 2, z: 3, w: 4 };
log(x, y, Object.keys(rest).join(""));

var a = 1, b = 2;
[a, b] = [b, a];
log(a, b);

var target = {};
({ left: target.l, right: target["r"] = "R" } = { left: "L" });
log(target.l, target.r);

var arr = [];
[arr[0], arr[1] = 9] = [7];
log(arr.join(","));

function area({ width = 1, height = width } = {}) {
  return width * height;
}
log(area(), area({ width: 3 }), area({ width: 2, height: 5 }));

function head([h, ...t]) {
  return { head: h, tail: t };
}
log(JSON.stringify(head(["x", "y", "z"])));

function range(start, end, step = 1) {
  var out = [];
  for (var i = start; i < end; i += step) {
    out.push(i);
  }
  return out;
}
log(range(0, 10, 3));

var entries = [["one", 1], ["two", 2], ["three", 3]];
for (var [word, num] of entries) {
  log(word + "=" + num);
}
for (const { id, tags: [firstTag = "none"] = [] } of [{ id: 1, tags: ["t"] }, { id: 2 }]) {
  log(id, firstTag);
}

var key = "dynamic";
var { [key]: dyn, "quoted key": q = "q", 42: num42 } = { dynamic: "D", 42: "answer" };
log(dyn, q, num42);

var matrix = [[1, 2], [3, 4]];
var [[m00, m01], [m10, m11]] = matrix;
log(m00 * m11 - m01 * m10);

var { length } = "hello";
log(length);

function swapEnds(list) {
  [list[0], list[list.length - 1]] = [list[list.length - 1], list[0]];
  return list;
}
log(swapEnds([1, 2, 3, 4]));
try {
  var [nothing] = null;
} catch (e) {
  log("destructuring null throws " + e.constructor.name);
}
