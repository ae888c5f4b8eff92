var memo = {};
function fib(n) {
  if (n < 2) return n;
  if (memo[n] !== undefined) return memo[n];
  return (memo[n] = fib(n - 1) + fib(n - 2));
}
function ack(m, n) {
  return m === 0 ? n + 1 : n === 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1));
}
function hanoi(n, from, to, via, moves) {
  if (n === 0) return moves;
  hanoi(n - 1, from, via, to, moves);
  moves.push(from + to);
  return hanoi(n - 1, via, to, from, moves);
}
function permutations(xs) {
  if (xs.length <= 1) return [xs];
  var result = [];
  for (var i = 0; i < xs.length; i++) {
    var rest = xs.slice(0, i).concat(xs.slice(i + 1));
    permutations(rest).forEach(function (p) { result.push([xs[i]].concat(p)); });
  }
  return result;
}
function gcd(a, b) { return b ? gcd(b, a % b) : a; }
var results = [fib(25), ack(2, 3), hanoi(4, "A", "C", "B", []).length, permutations([1, 2, 3, 4]).length,
  gcd(1071, 462), (function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); })(20)];
print(results.join(" "));
