// Accessor properties: object literal get/set, Object.defineProperty,
// accessors on a prototype and a validating model.
var log = typeof print === "function" ? print : console.log;

var temperature = {
  _celsius: 20,
  get fahrenheit() {
    return this._celsius * 9 / 5 + 32;
  },
  set fahrenheit(f) {
    this._celsius = (f - 32) * 5 / 9;
  },
  get kelvin() { return this._celsius + 273.15; }
};

log(temperature.fahrenheit);
temperature.fahrenheit = 212;
log(temperature._celsius, temperature.kelvin);

var counter = {};
var hits = 0;
Object.defineProperty(counter, "value", {
  get: function () {
    hits++;
    return hits * 10;
  },
  enumerable: false,
  configurable: true
});
log(counter.value, counter.value, Object.keys(counter).length);

var frozen = Object.freeze({ x: 1 });
frozen.x = 2;
log(frozen.x, Object.isFrozen(frozen));

function Model(fields) {
  var values = {};
  var self = this;
  Object.keys(fields).forEach(function (name) {
    var check = fields[name];
    Object.defineProperty(self, name, {
      enumerable: true,
      get: function () { return values[name]; },
      set: function (v) {
        if (!check(v)) {
          throw new TypeError("bad value for " + name + ": " + v);
        }
        values[name] = v;
      }
    });
  });
}

var user = new Model({
  name: function (v) { return typeof v === "string"; },
  age: function (v) { return v === (v | 0) && v >= 0; }
});
user.name = "Lin";
user.age = 30;
try {
  user.age = 2.5;
} catch (e) {
  log(e.message);
}
log(JSON.stringify(user));

function Rectangle(w, h) {
  this._w = w;
  this._h = h;
}
Rectangle.prototype = {
  constructor: Rectangle,
  get area() {
    return this._w * this._h;
  },
  get width() { return this._w },
  set width(v) {
    if (v <= 0) {
      throw new RangeError("width must be positive");
    }
    this._w = v;
  }
};
Object.defineProperty(Rectangle, "unit", {
  get: function () { return new Rectangle(1, 1); }
});

var r = new Rectangle(2, 3);
r.width = 5;
log(r.area, r.width, Rectangle.unit.area);
var desc = Object.getOwnPropertyDescriptor(Rectangle.prototype, "area");
log(typeof desc.get, desc.set === undefined);

var get = 1, set = 2;
var names = { get: get, set: set, get of() { return get + set; } };
log(names.get, names.set, names.of);
