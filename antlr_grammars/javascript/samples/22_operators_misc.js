// Less common statements and operators: with, debugger, void, typeof,
// delete, in, comma, conditional chains, equality quirks and labels.
var log = typeof print === "function" ? print : console.log;

var config = { width: 640, height: 480, depth: 24 };
with (config) {
  log("pixels: " + width * height, "bits: " + width * height * depth);
}
with (Math) log(round(PI * 100) / 100, max(E, SQRT2));

if (false) {
  debugger;
}

log(void 0, void "ignored", typeof void 0);
log(typeof 1, typeof "s", typeof true, typeof undefined, typeof null, typeof {}, typeof [], typeof function () {}, typeof /re/);
log(typeof undeclaredVariable === "undefined");

var o = { a: 1, b: 2, c: 3 };
log(delete o.a, "a" in o, "b" in o, delete o["c"], Object.keys(o));
var arr = [1, 2, 3];
delete arr[1];
log(arr.length, 1 in arr, arr[1]);

var x = (1, 2, 3);
var calls = [];
var y = (calls.push("first"), calls.push("second"), calls.length);
log(x, y, calls.join("+"));

log(0 == "", 0 === "", null == undefined, null === undefined, NaN == NaN, [1] == 1, "1" != 1);
log(!!"", !!"0", !![], !!{}, !!NaN, !0, !1);
log(1 < 2 < 3, 3 > 2 > 1, "10" < "9", 10 < 9, "b" > "a");
log(null || "default", 0 || "zero is falsy", "" && "never", "x" && "y");

function describe(n) {
  return n === 0 ? "zero"
    : n < 0 ? "negative"
    : n % 2 === 0 ? "even"
    : "odd";
}
log([0, -3, 4, 7].map(describe).join(" "));

var counter = 0;
var incremented = counter++ + counter++;
log(incremented, counter, counter-- - --counter, counter);

var s = "abc";
s += "def";
s = s + 1 + 2;
log(s, 1 + 2 + "3", "3" - 1, "3" * "4", [] + {}, [1, 2] + [3]);

log(new Date(0).getTime(), new Array(2, 3).length, new Object() instanceof Object);
var F = function () { this.made = true; };
log(new F().made, new F instanceof F);

var obj = {
  "quoted key": 1,
  42: "number key",
  if: "keyword as name",
  class: "also fine",
  nested: { deeper: { deepest: "yes" } }
};
log(obj["quoted key"], obj[42], obj.if, obj.class, obj.nested.deeper.deepest);
log(obj.new === undefined, obj.typeof === undefined);

var a = 5;
a += 2; a -= 1; a *= 3; a /= 2; a %= 5;
log(a);
