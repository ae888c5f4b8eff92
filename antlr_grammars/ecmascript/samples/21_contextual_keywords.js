// Contextual keywords used as names: async, of, get, set, static, from, as,
// let (sloppy script code), and keywords as property names.
var async = 1;
var of = [1, 2];
var get = (k) => k;
var set = new Set();
var from = "from";
var as = "as";
var let = "let as a var name";
var yield = 0;

for (const x of of) console.log(x);
for (let of of [[3], [4]]) console.log(of);
async += 1;
const result = get("key") + from + as;
set.add(from);

const api = {
  async get(url) {
    return url;
  },
  set(value) {
    this.value = value;
  },
  static() {
    return "static method";
  },
  of: "property",
};

class Weird {
  static static() {
    return "static static";
  }
  static async async() {
    return "static async async";
  }
  get get() {
    return "getter named get";
  }
  set set(v) {
    this._set = v;
  }
  async() {
    return "method named async";
  }
  from = "field named from";
  of = "field named of";
}

const w = new Weird();
w.set = 5;
console.log(result, api.static(), Weird.static(), w.get, w.async(), w.from, w.of);
api.get("u").then((u) => console.log(u));
