var o = {};
Object.defineProperty(o, "hidden", { value: 42, enumerable: false, writable: false });
Object.defineProperty(o, "computed", {
  get: function () { return this.hidden * 2; },
  set: function (v) { this._last = v; },
  enumerable: true, configurable: true
});
o.computed = "assigned";
var descriptor = Object.getOwnPropertyDescriptor(o, "hidden");
var keys = Object.keys({ b: 1, a: 2, 10: 3, 2: 4 });
var names = Object.getOwnPropertyNames(o);
var frozen = Object.freeze({ x: 1, inner: { y: 2 } });
frozen.x = 99; frozen.inner.y = 3; delete frozen.x;
var sealed = Object.seal({ z: 1 }); sealed.z = 2; sealed.w = 3;
var ext = Object.preventExtensions({ q: 1 }); ext.r = 2;
var states = [Object.isFrozen(frozen), Object.isSealed(sealed), Object.isExtensible(ext), frozen.x, frozen.inner.y];
var proto = { greet: function () { return "hi " + this.name; } };
var child = Object.create(proto, { name: { value: "child", enumerable: true } });
var seen = []; for (var k in child) seen.push(k);
var props = Object.defineProperties({}, { a: { value: 1, enumerable: true }, b: { get: function () { return 2; } } });
var del = { p: 1, q: 2 }; delete del.p;
var checks = ["p" in del, del.hasOwnProperty("q"), proto.isPrototypeOf(child), child.propertyIsEnumerable("name"),
  typeof null, typeof undefined, typeof function () {}, typeof [], void 0];
var withResult; with ({ wx: 5, wy: 6 }) { withResult = wx * wy; }
print(o.computed, o._last, descriptor.writable, keys, names, states, child.greet(), seen, props.a + props.b,
  checks, withResult, Object.prototype.toString.call(new Date(0)));
