var ünïcödé = "identifiers may use Unicode letters";
var \u0061bc = "escaped identifier";
var table = {
  "quoted key": 1, unquoted: 2, 3: "numeric key", 0x10: "hex key", 1.5: "float key",
  "ключ": "кириллица", "鍵": "漢字", nested: { deeper: { deepest: [{}, [], "", 0, -0, null] } },
  get computed() { return this.unquoted * 10; }, if: "reserved words work as property names", "": "empty"
};
var listing = [];
for (var key in table) listing.push(key + "=" + (typeof table[key] === "object" ? JSON.stringify(table[key]) : table[key]));
var esc = ["\u00e9", "\x41", "\t", "\v", "\0", "\'", "\"", "\\", "a\
b"].map(function (s) { return s.charCodeAt(0); });
var numbers = [0xff, 0XAB, 1e3, .5, 5., 1E-2, 0.0, 1e+2];
var empty = {}, arr = [, , ,], trailing = { a: 1, };
print(ünïcödé, abc, listing.join(";"), esc, numbers, arr.length, Object.keys(trailing), /\/[/]\//.test("/x//"));
