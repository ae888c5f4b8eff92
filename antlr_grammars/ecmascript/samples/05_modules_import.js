// Module syntax: every form of import, import.meta and dynamic import().
import defaultThing from "./default.js";
import * as utils from "./utils.js";
import { parse, format as fmt } from "./format.js";
import { "string-name" as stringName, default as other } from "./names.js";
import def, { one, two, } from "./numbers.js";
import def2, * as ns from "./ns.js";
import "./side-effect.js";

const here = import.meta.url;
const config = await import("./config.js");

export async function load(name) {
  const mod = await import(`./plugins/${name}.js`);
  return mod.default ?? mod;
}

console.log(defaultThing, utils, parse, fmt, stringName, other, def, one, two, def2, ns, here, config);
