// Constructor functions, prototype chains, Object.create and instanceof.
var log = typeof print === "function" ? print : console.log;

function Shape(name) {
  this.name = name;
}

Shape.prototype.area = function () {
  return 0;
};

Shape.prototype.describe = function () {
  return this.name + " with area " + this.area().toFixed(2);
};

function Circle(r) {
  Shape.call(this, "circle");
  this.r = r;
}
Circle.prototype = Object.create(Shape.prototype);
Circle.prototype.constructor = Circle;
Circle.prototype.area = function () {
  return Math.PI * this.r * this.r;
};

function Rect(w, h) {
  Shape.call(this, "rectangle");
  this.w = w;
  this.h = h;
}
Rect.prototype = Object.create(Shape.prototype, {
  constructor: { value: Rect, writable: true, configurable: true }
});
Rect.prototype.area = function () {
  return this.w * this.h;
};

function Square(side) {
  Rect.call(this, side, side);
  this.name = "square";
}
Square.prototype = Object.create(Rect.prototype);
Square.prototype.constructor = Square;

var shapes = [new Circle(1), new Rect(2, 3.5), new Square(4)];
for (var i = 0; i < shapes.length; i++) {
  log(shapes[i].describe());
}

var sq = shapes[2];
log(sq instanceof Square, sq instanceof Rect, sq instanceof Shape, sq instanceof Circle);
log(Object.getPrototypeOf(sq) === Square.prototype);
log(Rect.prototype.isPrototypeOf(sq));
log(sq.hasOwnProperty("w"), sq.hasOwnProperty("area"), "area" in sq);

var total = shapes.reduce(function (sum, s) { return sum + s.area(); }, 0);
log("total area: " + Math.round(total * 100) / 100);

// Properties found on the chain versus own properties.
var base = { greet: function () { return "hi from " + this.who; }, who: "base" };
var derived = Object.create(base);
derived.who = "derived";
var keys = [];
for (var k in derived) {
  keys.push(k + (derived.hasOwnProperty(k) ? "(own)" : "(inherited)"));
}
log(keys.sort().join(" "));
log(derived.greet());
delete derived.who;
log(derived.greet());

// Mixins by copying properties.
function mixin(target) {
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

var Serializable = {
  serialize: function () { return JSON.stringify(this); }
};
var point = mixin({ x: 1, y: 2 }, Serializable, { z: 3 });
log(point.serialize());
