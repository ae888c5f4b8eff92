// Class static blocks, computed keys, inheritance, super, new.target.
const methodName = "dynamic";
const key = Symbol("key");

class Base {
  static registry = new Map();
  static #secret;
  static {
    Base.#secret = 42;
    this.registry.set("base", this);
  }

  constructor(name) {
    if (new.target === Base) {
      this.abstract = true;
    }
    this.name = name;
  }

  [methodName]() {
    return `dynamic ${this.name}`;
  }

  [key] = "symbol field";
  ["computed" + 1] = 1;
  "quoted name" = 2;
  42 = "number key";

  static reveal() {
    return Base.#secret;
  }

  toString() {
    return `Base(${this.name})`;
  }
}

class Derived extends Base {
  #extra;
  static {
    super.registry.set("derived", this);
  }

  constructor(name, extra) {
    super(name);
    this.#extra = extra;
  }

  toString() {
    return `Derived<${super.toString()}, ${this.#extra}>`;
  }

  get extra() {
    return this.#extra;
  }

  static create(...args) {
    return new this(...args);
  }
}

const Mixin = (superclass) => class extends superclass {
  mixed() {
    return "mixed";
  }
};

class Final extends Mixin(Derived) {}

const d = Derived.create("d", 7);
const f = new Final("f", 8);
console.log(String(d), d.extra, d.dynamic(), d[key], d.computed1, Base.reveal());
console.log(f.mixed(), f instanceof Base, Base.registry.size, new Base("b").abstract);
