// Variable argument lists without spread: apply, concat, slice on
// arguments, Math.max over arrays, and copying objects key by key.
var log = typeof print === "function" ? print : console.log;

var scores = [71, 94, 58, 88, 100, 63];
log(Math.max.apply(Math, scores), Math.min.apply(null, scores));

// Joining arrays: concat copies, push.apply appends in place.
var head = [1, 2], tail = [5, 6];
var joined = head.concat([3, 4], tail, 7);
var target = ["a"];
Array.prototype.push.apply(target, ["b", "c"]);
log(joined.join(","), joined.length, target.join(""), head.length);

// Calling a function with an array of arguments, then with some fixed.
function point3(x, y, z) { return "(" + x + "," + y + "," + z + ")"; }
var coords = [1, 2, 3];
log(point3.apply(null, coords), point3.apply(null, [0].concat(coords.slice(1))));

function partial(fn) {
  var fixed = Array.prototype.slice.call(arguments, 1);
  return function () {
    var more = Array.prototype.slice.call(arguments);
    return fn.apply(this, fixed.concat(more));
  };
}
var fromOrigin = partial(point3, 0, 0);
log(fromOrigin(9), partial(point3)(4, 5, 6));

// Gathering the rest: everything after the first two arguments.
function describe(first, second) {
  var others = Array.prototype.slice.call(arguments, 2);
  return first + " & " + second + (others.length ? " (+" + others.length + ": " + others.join(" ") + ")" : "");
}
log(describe("x", "y"), describe("x", "y", "z", "w"));

// Copying and merging objects.
function extend(target) {
  for (var i = 1; i < arguments.length; i++) {
    var source = arguments[i];
    for (var key in source) {
      if (Object.prototype.hasOwnProperty.call(source, key)) {
        target[key] = source[key];
      }
    }
  }
  return target;
}
var defaults = { color: "red", size: "M", tags: ["basic"] };
var chosen = extend({}, defaults, { size: "L" }, { price: 20 });
log(JSON.stringify(chosen), defaults.size, chosen.tags === defaults.tags);

// Removing keys from a copy.
function omit(obj) {
  var drop = {}, out = {}, k;
  for (var i = 1; i < arguments.length; i++) drop[arguments[i]] = true;
  for (k in obj) {
    if (obj.hasOwnProperty(k) && !drop[k]) out[k] = obj[k];
  }
  return out;
}
log(JSON.stringify(omit(chosen, "tags", "price")));

// Strings to characters and back.
var chars = "hello".split("");
log(chars.length, chars.reverse().join(""), String.fromCharCode.apply(null, [74, 83]));

// Cloning nested arrays.
function deepCopy(value) {
  if (Object.prototype.toString.call(value) === "[object Array]") {
    var copy = [];
    for (var i = 0; i < value.length; i++) copy.push(deepCopy(value[i]));
    return copy;
  }
  return value;
}
var grid = [[1, 2], [3, [4, 5]]];
var clone = deepCopy(grid);
clone[1][1][0] = 40;
log(JSON.stringify(grid), JSON.stringify(clone));

// Flattening one level with concat.apply.
log([].concat.apply([], [[1], [2, 3], [], [4]]).join(" "));
