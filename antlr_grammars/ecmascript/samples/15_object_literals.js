// Object literals: shorthand, methods, getters/setters, computed and
// numeric keys, async and generator methods, __proto__.
const name = "widget";
const version = 3;
const prefix = "on";
const proto = { greet() { return "hi"; } };

const widget = {
  __proto__: proto,
  name,
  version,
  "quoted-key": true,
  42: "answer",
  0x10: "hex key",
  [`${prefix}Click`]() {
    return `${this.name} clicked`;
  },
  [prefix + "Hover"]: () => "hover",
  get label() {
    return `${this.name}@${this.version}`;
  },
  set label(value) {
    [this.name, this.version] = value.split("@");
  },
  async load() {
    return this.name;
  },
  *steps() {
    yield 1;
    yield 2;
  },
  async *stream() {
    yield* this.steps();
  },
  get() { return "a method named get"; },
  set: 1,
  static: true,
  async: "not a keyword here",
  of: [1, 2],
  new: "reserved words are property names",
  class: "too",
};

widget.label = "gadget@4";
console.log(widget.greet(), widget.onClick(), widget.onHover(), widget.label, widget[42]);
console.log([...widget.steps()], widget.get(), widget.set, widget.static, widget.new, widget.class);
widget.load().then((n) => console.log(n));
