// Classes: constructors, inheritance with super calls and super property
// access, static members, computed method names and class expressions.
var log = typeof print === "function" ? print : console.log;

class Animal {
  constructor(name, sound) {
    this.name = name;
    this.sound = sound || "...";
    Animal.count++;
  }

  speak() {
    return this.name + " says " + this.sound;
  }

  toString() {
    return "[" + this.constructor.name + " " + this.name + "]";
  }

  static compare(a, b) {
    return a.name.localeCompare(b.name);
  }
}
Animal.count = 0;

class Dog extends Animal {
  constructor(name, tricks) {
    super(name, "woof");
    this.tricks = tricks || [];
  }

  speak() {
    var base = super.speak();
    return this.tricks.length ? base + " and knows " + this.tricks.join(", ") : base;
  }

  learn(trick) {
    this.tricks.push(trick);
    return this;
  }
}

class Puppy extends Dog {
  speak() {
    return super.speak().replace("woof", "yip");
  }
}

var prefix = "get";
class Registry {
  constructor() {
    this.items = {};
  }
  [prefix + "Item"](key) {
    return this.items[key];
  }
  ["set" + "Item"](key, value) {
    this.items[key] = value;
  }
  static create() { return new Registry() }
}

var rex = new Dog("Rex").learn("sit").learn("roll over");
var bit = new Puppy("Bit");
var cat = new Animal("Tom", "meow");
log(rex.speak());
log(bit.speak());
log(String(cat), String(bit));
log([rex, cat, bit].sort(Animal.compare).map(function (a) { return a.name; }).join(" < "));
log("animals created: " + Animal.count);
log(bit instanceof Puppy, bit instanceof Dog, bit instanceof Animal);
log(Object.getPrototypeOf(Puppy) === Dog, typeof Animal);

var reg = Registry.create();
reg.setItem("answer", 42);
log(reg.getItem("answer"));

var Point = class {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  plus(other) {
    return new Point(this.x + other.x, this.y + other.y);
  }
  get length() {
    return Math.sqrt(this.x * this.x + this.y * this.y);
  }
};
log(new Point(1, 2).plus(new Point(2, 2)).length);

function withTimestamps(Base) {
  return class extends Base {
    constructor() {
      super(...arguments);
      this.created = 1700000000;
    }
    age(now) {
      return now - this.created;
    }
  };
}
var StampedDog = withTimestamps(Dog);
var sd = new StampedDog("Stamp", ["fetch"]);
log(sd.speak(), sd.age(1700000500));

try {
  Animal("no new");
} catch (e) {
  log("calling a class without new: " + e.constructor.name);
}
