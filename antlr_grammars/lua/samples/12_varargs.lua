-- Variadic functions: select, table.pack and table.unpack.
local function count_nils(...)
  local n = 0
  for i = 1, select("#", ...) do
    if select(i, ...) == nil then n = n + 1 end
  end
  return n
end
assert(count_nils(1, nil, 3, nil, nil) == 3)

local function sum(...)
  local s = 0
  for _, v in ipairs({ ... }) do s = s + v end
  return s
end
assert(sum() == 0 and sum(1, 2, 3) == 6)

local function bind(f, ...)
  local bound = table.pack(...)
  return function(...)
    local args = table.pack(...)
    local all = {}
    table.move(bound, 1, bound.n, 1, all)
    table.move(args, 1, args.n, bound.n + 1, all)
    return f(table.unpack(all, 1, bound.n + args.n))
  end
end
local greet = bind(string.format, "%s, %s%s")
assert(greet("Hello", "world", "!") == "Hello, world!")

local function first_and_rest(first, ...)
  return first, select("#", ...), ...
end
local a, n, b, c = first_and_rest("x", "y", "z")
assert(a == "x" and n == 2 and b == "y" and c == "z")

-- Only the last expression in a list expands to all its values.
local function three() return 1, 2, 3 end
local t1 = { three(), three() }
local t2 = { three(), (three()) }
assert(#t1 == 4 and #t2 == 2)
print(select(-1, "a", "b", "c"), select(2, three()), math.max(three()), #t1, #t2)
