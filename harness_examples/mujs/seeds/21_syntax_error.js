function broken(a, b {
  var x = [1, 2, 3;
  return a +* b;
}
var obj = { key: "value", : 2 };
