function quicksort(a) {
  if (a.length < 2) return a;
  var pivot = a[a.length >> 1], less = [], equal = [], more = [];
  for (var i = 0; i < a.length; i++) {
    if (a[i] < pivot) less.push(a[i]); else if (a[i] > pivot) more.push(a[i]); else equal.push(a[i]);
  }
  return quicksort(less).concat(equal, quicksort(more));
}
function mergesort(a) {
  if (a.length < 2) return a;
  var mid = a.length >> 1, l = mergesort(a.slice(0, mid)), r = mergesort(a.slice(mid)), out = [];
  while (l.length && r.length) out.push(l[0] <= r[0] ? l.shift() : r.shift());
  return out.concat(l, r);
}
function insertion(a) {
  for (var i = 1; i < a.length; i++) {
    var v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
    a[j + 1] = v;
  }
  return a;
}
var seed = 12345, data = [];
for (var n = 0; n < 60; n++) { seed = (seed * 1103515245 + 12345) % 2147483648; data.push(seed % 1000); }
var q = quicksort(data), m = mergesort(data), ins = insertion(data.slice()), builtin = data.slice().sort(function (x, y) { return x - y; });
var same = q.join() === m.join() && m.join() === ins.join() && ins.join() === builtin.join();
var words = ["banana", "Apple", "cherry", "apple", "Banana"].sort();
var byLen = ["ccc", "a", "bb", "dddd"].sort(function (x, y) { return x.length - y.length; });
var mixed = [10, 9, 1, "2", undefined, null, "b", "a"].sort();
if (!same) throw new Error("sort mismatch");
print(q.slice(0, 5), words, byLen, mixed);
