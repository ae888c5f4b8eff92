local function counter(start, step)
  local n = start
  return function()
    n = n + step
    return n
  end
end
local c1, c2 = counter(0, 1), counter(100, -10)
for _ = 1, 5 do c1(); c2() end
assert(c1() == 6 and c2() == 40)

local function memoize(f)
  local cache = setmetatable({}, {__mode = "k"})
  return function(x)
    local v = cache[x]
    if v == nil then v = f(x); cache[x] = v end
    return v
  end
end
local fib
fib = memoize(function(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end)
local adders = {}
for i = 1, 10 do adders[i] = function(x) return x + i end end
return fib(60), adders[3](4)
