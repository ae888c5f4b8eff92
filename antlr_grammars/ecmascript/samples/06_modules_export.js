// Module syntax: exports of declarations, lists, re-exports and defaults.
export const VERSION = "1.0.0";
export let counter = 0, limit = 10;
export var legacy;
export function increment(by = 1) {
  counter += by;
  return counter;
}
export function* ids() {
  let id = 0;
  while (true) yield id++;
}
export async function ready() {
  return true;
}
export class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}
export const { PI: pi, E: e } = Math;

const internal = 1, other = 2;
export { internal, other as renamed, internal as "string name" };
export * from "./all.js";
export * as helpers from "./helpers.js";
export { a, b as bee } from "./letters.js";
export { default as Widget } from "./widget.js";
export default class Registry {
  static items = [];
  static add(item) {
    Registry.items.push(item);
  }
}
