// A small event emitter with private state, WeakMap, Symbol, iterators.
const kListeners = Symbol("listeners");

export class Emitter {
  #listeners = new Map();
  #maxListeners = 10;
  static #count = 0;

  constructor({ maxListeners = 10 } = {}) {
    this.#maxListeners = maxListeners;
    Emitter.#count += 1;
    this[kListeners] = this.#listeners;
  }

  on(event, listener) {
    const list = this.#listeners.get(event) ?? [];
    if (list.length >= this.#maxListeners) {
      console.warn(`too many listeners for ${String(event)}`);
    }
    list.push({ listener, once: false });
    this.#listeners.set(event, list);
    return this;
  }

  once(event, listener) {
    this.on(event, listener);
    this.#listeners.get(event).at(-1).once = true;
    return this;
  }

  off(event, listener) {
    const list = this.#listeners.get(event);
    if (!list) return this;
    this.#listeners.set(event, list.filter((entry) => entry.listener !== listener));
    return this;
  }

  emit(event, ...args) {
    const list = this.#listeners.get(event);
    if (!list?.length) return false;
    for (const entry of [...list]) {
      entry.listener.apply(this, args);
      if (entry.once) this.off(event, entry.listener);
    }
    return true;
  }

  *events() {
    yield* this.#listeners.keys();
  }

  static get count() {
    return Emitter.#count;
  }
}

const emitter = new Emitter({ maxListeners: 2 });
const seen = new WeakMap();
emitter.on("data", function (chunk) {
  seen.set(this, (seen.get(this) ?? 0) + chunk.length);
});
emitter.once("end", () => console.log("ended"));
emitter.emit("data", "abc");
emitter.emit("end");
emitter.emit("end");
console.log([...emitter.events()], seen.get(emitter), Emitter.count);
