function Shape(name) { this.name = name; }
Shape.prototype.area = function () { return 0; };
Shape.prototype.toString = function () {
  return this.name + "(" + this.area().toFixed(2) + ")";
};
function Circle(r) { Shape.call(this, "circle"); this.r = r; }
Circle.prototype = Object.create(Shape.prototype);
Circle.prototype.constructor = Circle;
Circle.prototype.area = function () { return Math.PI * this.r * this.r; };
function Rect(w, h) { Shape.call(this, "rect"); this.w = w; this.h = h; }
Rect.prototype = Object.create(Shape.prototype, {
  constructor: { value: Rect, writable: true, configurable: true },
  area: { value: function () { return this.w * this.h; } }
});
var shapes = [new Circle(1), new Rect(2, 3), new Circle(0.5), new Shape("point")];
shapes.sort(function (x, y) { return x.area() - y.area(); });
var names = shapes.map(String);
var total = shapes.reduce(function (s, x) { return s + x.area(); }, 0);
var checks = [shapes[0] instanceof Shape, shapes[1] instanceof Circle,
  Object.getPrototypeOf(new Rect(1, 1)) === Rect.prototype,
  Rect.prototype.hasOwnProperty("area"), "area" in new Circle(2)];
print(names.join(" "), total, checks);
