-- Coroutines as generators and as a producer/consumer pipeline.
local function range(n, m, step)
  return coroutine.wrap(function()
    for i = n, m, step or 1 do coroutine.yield(i) end
  end)
end

local total = 0
for v in range(1, 10) do total = total + v end
assert(total == 55)

local function producer(lines)
  return coroutine.create(function()
    for _, line in ipairs(lines) do
      coroutine.yield(line)
    end
    return nil
  end)
end

local function filter(src, pred)
  return coroutine.create(function()
    while true do
      local ok, item = coroutine.resume(src)
      assert(ok, item)
      if item == nil then return nil end
      if pred(item) then coroutine.yield(item) end
    end
  end)
end

local function consume(src)
  local out = {}
  while true do
    local _, item = coroutine.resume(src)
    if item == nil then break end
    out[#out + 1] = item:upper()
  end
  return out
end

local src = producer { "alpha", "# comment", "beta", "", "gamma" }
local res = consume(filter(src, function(s) return s ~= "" and s:sub(1, 1) ~= "#" end))
assert(#res == 3 and res[2] == "BETA")
print(table.concat(res, ","))

local co = coroutine.create(function(a, b)
  local c = coroutine.yield(a + b)
  local d, e = coroutine.yield(c * 2)
  return d + e
end)
print(coroutine.resume(co, 1, 2))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, 3, 4))
print(coroutine.status(co), coroutine.isyieldable())
