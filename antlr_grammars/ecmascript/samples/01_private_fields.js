// Classes with private fields, private methods, static members and
// accessors.
class Counter {
  #count = 0;
  #step;
  static #instances = 0;
  static created = 0;

  constructor(step = 1) {
    this.#step = step;
    Counter.#instances++;
    Counter.created += 1;
  }

  get value() {
    return this.#count;
  }

  set value(v) {
    if (typeof v !== "number") throw new TypeError("not a number");
    this.#count = v;
  }

  #bump(times) {
    for (let i = 0; i < times; i++) this.#count += this.#step;
    return this;
  }

  increment(times = 1) {
    return this.#bump(times);
  }

  static isCounter(obj) {
    return #count in obj;
  }

  static get instances() {
    return Counter.#instances;
  }
}

const c = new Counter(2);
c.increment().increment(3);
c.value = c.value * 2;
console.log(c.value, Counter.isCounter(c), Counter.isCounter({}), Counter.instances);
