-- A small statistics module written in the usual "local M = {}" style.
local M = {}
M.VERSION = "1.2.0"

local function sum(t)
  local s = 0
  for i = 1, #t do s = s + t[i] end
  return s
end

function M.mean(t)
  if #t == 0 then return nil, "empty sample" end
  return sum(t) / #t
end

function M.variance(t)
  local m = M.mean(t)
  if not m then return nil end
  local acc = 0.0
  for _, v in ipairs(t) do
    acc = acc + (v - m) ^ 2
  end
  return acc / (#t - 1)
end

function M.median(t)
  local copy = table.move(t, 1, #t, 1, {})
  table.sort(copy)
  local n = #copy
  if n % 2 == 1 then
    return copy[(n + 1) // 2]
  end
  return (copy[n // 2] + copy[n // 2 + 1]) / 2
end

function M.summary(t)
  return {
    n = #t,
    mean = M.mean(t),
    median = M.median(t),
    sd = math.sqrt(M.variance(t)),
  }
end

local data = { 4, 8, 15, 16, 23, 42 }
local s = M.summary(data)
assert(s.n == 6 and s.median == 15.5)
print(string.format("n=%d mean=%.3f median=%.1f sd=%.3f", s.n, s.mean, s.median, s.sd))
return M
