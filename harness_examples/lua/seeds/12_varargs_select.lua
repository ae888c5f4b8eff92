local function count(...) return select('#', ...) end
local function sum(...)
  local total = 0
  for i = 1, select('#', ...) do total = total + (select(i, ...) or 0) end
  return total
end
local function pass(...) return ... end
local function tail(n, acc) if n == 0 then return acc end return tail(n - 1, acc + n) end
local t = {pass(1, nil, 3, nil)}
local last = select(-1, "a", "b", "c")
local packed = table.pack(pass())
return count(nil, nil), sum(1, 2, nil, 4), #t, last, packed.n, tail(1000, 0), (pass(7, 8))
