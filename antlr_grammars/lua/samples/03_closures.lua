-- Closures: counters, accumulators and memoisation.
local function counter(start, step)
  local n = start or 0
  step = step or 1
  return function()
    local current = n
    n = n + step
    return current
  end
end

local c1, c2 = counter(), counter(10, -2)
assert(c1() == 0 and c1() == 1 and c1() == 2)
assert(c2() == 10 and c2() == 8)

local function memoize(f)
  local cache, hits = {}, 0
  return function(n)
    local v = cache[n]
    if v == nil then
      v = f(n)
      cache[n] = v
    else
      hits = hits + 1
    end
    return v
  end, function() return hits end
end

local fib
local fib_hits
fib, fib_hits = memoize(function(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end)

assert(fib(80) == 23416728348467685)
print("fib(80) =", fib(80), "cache hits:", fib_hits())

-- Each loop iteration gets a fresh local, so every closure sees its own i.
local fns = {}
for i = 1, 3 do fns[i] = function() return i * i end end
assert(fns[1]() + fns[2]() + fns[3]() == 14)

local function compose(...)
  local fs = table.pack(...)
  return function(x)
    for i = fs.n, 1, -1 do x = fs[i](x) end
    return x
  end
end
local inc_then_double = compose(function(x) return x * 2 end, function(x) return x + 1 end)
print(inc_then_double(5))
