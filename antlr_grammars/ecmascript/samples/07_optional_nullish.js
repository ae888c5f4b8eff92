// Optional chaining, nullish coalescing and logical assignment.
const settings = {
  theme: { colors: { primary: "#333" } },
  plugins: [{ name: "a", init() { return 1; } }],
  retries: 0,
  callbacks: null,
};

const primary = settings?.theme?.colors?.primary ?? "black";
const secondary = settings.theme.colors?.secondary ?? "white";
const firstPlugin = settings.plugins?.[0]?.name;
const initResult = settings.plugins[0].init?.();
const missing = settings.callbacks?.onLoad?.(1, 2);
const key = "colors";
const dynamic = settings.theme?.[key]?.primary;

settings.retries ||= 3;
settings.retries &&= settings.retries + 1;
settings.timeout ??= 1000;
settings.callbacks ??= [];

const count = settings.items?.length ?? 0;
const safeLength = (s) => s?.length ?? -1;
const pick = (a, b) => (a ?? b) || "fallback";
let depth = null;
depth ??= (settings.depth ?? 1) * 2;

console.log(primary, secondary, firstPlugin, initResult, missing, dynamic);
console.log(settings.retries, settings.timeout, count, safeLength(null), pick(null, 0), depth);
