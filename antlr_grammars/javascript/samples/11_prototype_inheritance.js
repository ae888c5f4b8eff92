// Inheritance through prototypes: constructors, Object.create, calling
// the parent constructor and methods, instanceof and property lookup.
var log = typeof print === "function" ? print : console.log;

function inherit(Child, Parent) {
  Child.prototype = Object.create(Parent.prototype);
  Child.prototype.constructor = Child;
  Child.parent = Parent.prototype;
}

function Animal(name, legs) {
  this.name = name;
  this.legs = legs;
}
Animal.prototype.describe = function () {
  return this.name + " walks on " + this.legs + " legs";
};
Animal.prototype.speak = function () {
  return this.name + " makes a sound";
};
Animal.count = 0;
Animal.create = function (name) {
  Animal.count += 1;
  return new Animal(name, 4);
};

function Bird(name, canFly) {
  Animal.call(this, name, 2);
  this.canFly = canFly;
}
inherit(Bird, Animal);
Bird.prototype.speak = function () {
  return Bird.parent.speak.call(this) + ": tweet";
};
Bird.prototype.describe = function () {
  var base = Animal.prototype.describe.apply(this, []);
  return base + (this.canFly ? " and flies" : " and cannot fly");
};

function Penguin(name) {
  Bird.call(this, name, false);
}
inherit(Penguin, Bird);
Penguin.prototype.swim = function (meters) {
  return this.name + " swims " + meters + "m";
};

var zoo = [Animal.create("Rex"), new Bird("Tweety", true), new Penguin("Pingu")];
for (var i = 0; i < zoo.length; i++) {
  log(zoo[i].describe() + "; " + zoo[i].speak());
}
var pingu = zoo[2];
log(pingu.swim(40), pingu instanceof Penguin, pingu instanceof Bird,
    pingu instanceof Animal, zoo[0] instanceof Bird);
log(Object.getPrototypeOf(pingu) === Penguin.prototype,
    Penguin.prototype.isPrototypeOf(pingu), pingu.hasOwnProperty("swim"),
    "swim" in pingu, Animal.count);

// Shadowing and deleting an own property uncovers the inherited one.
pingu.speak = function () { return "silence"; };
log(pingu.speak());
delete pingu.speak;
log(pingu.speak());

// A mixin copies methods onto a prototype.
var Serializable = {
  serialize: function () {
    var keys = [], k;
    for (k in this) {
      if (this.hasOwnProperty(k)) keys.push(k + "=" + this[k]);
    }
    return keys.sort().join("&");
  }
};
function mixin(target, source) {
  for (var name in source) {
    if (source.hasOwnProperty(name)) target[name] = source[name];
  }
  return target;
}
mixin(Animal.prototype, Serializable);
log(pingu.serialize(), new Animal("Cat", 4).serialize());

// Constructors that work without `new`.
function Point(x, y) {
  if (!(this instanceof Point)) return new Point(x, y);
  this.x = x;
  this.y = y;
}
Point.prototype.toString = function () { return "(" + this.x + ", " + this.y + ")"; };
log(String(Point(1, 2)), "" + new Point(3, 4));
