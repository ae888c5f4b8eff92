// Arrays: higher-order methods, sorting with comparators, grouping,
// flattening and a small matrix transpose.
var log = typeof print === "function" ? print : console.log;

var people = [
  { name: "Ada", age: 36, city: "London" },
  { name: "Grace", age: 45, city: "New York" },
  { name: "Alan", age: 41, city: "London" },
  { name: "Edsger", age: 72, city: "Austin" },
  { name: "Barbara", age: 29, city: "Boston" }
];

var names = people.map(function (p) { return p.name; });
log(names.join(", "));

var londoners = people.filter(function (p) { return p.city === "London"; });
log(londoners.length + " in London");

var totalAge = people.reduce(function (acc, p) { return acc + p.age; }, 0);
log("average age " + (totalAge / people.length).toFixed(1));

var byAge = people.slice().sort(function (a, b) { return a.age - b.age; });
log(byAge.map(function (p) { return p.name + "(" + p.age + ")"; }).join(" "));

var byName = people.slice().sort(function (a, b) {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
});
log(byName[0].name, byName[byName.length - 1].name);

function groupBy(list, keyFn) {
  return list.reduce(function (groups, item) {
    var key = keyFn(item);
    (groups[key] = groups[key] || []).push(item);
    return groups;
  }, {});
}
var groups = groupBy(people, function (p) { return p.city; });
for (var city in groups) {
  log(city + ": " + groups[city].map(function (p) { return p.name; }).join("/"));
}

log(people.some(function (p) { return p.age > 70; }), people.every(function (p) { return p.age > 30; }));

function flatten(arr) {
  var out = [];
  (function walk(a) {
    for (var i = 0; i < a.length; i++) {
      if (Array.isArray(a[i])) {
        walk(a[i]);
      } else {
        out.push(a[i]);
      }
    }
  })(arr);
  return out;
}
log(flatten([1, [2, [3, [4]], 5], [[6]], []]).join(""));

function transpose(m) {
  return m[0].map(function (_, col) {
    return m.map(function (row) { return row[col]; });
  });
}
log(JSON.stringify(transpose([[1, 2, 3], [4, 5, 6]])));

var nums = [5, 3, 8, 1, 9, 2];
log(Math.max.apply(null, nums), Math.min.apply(Math, nums));
log(nums.indexOf(8), nums.lastIndexOf(7), nums.concat([10, 11]).length);
var spliced = nums.slice();
var removed = spliced.splice(1, 2, "x", "y", "z");
log(spliced.join(" "), removed.join(" "));
var holes = [1, , 3];
log(holes.length, 1 in holes, holes.join("-"));
var unique = [3, 1, 3, 2, 1].filter(function (v, i, a) { return a.indexOf(v) === i; });
log(unique, new Array(3).join("ab"), Array.prototype.slice.call("abc").reverse());
