local function producer(items)
  return coroutine.create(function()
    for _, item in ipairs(items) do coroutine.yield(item) end
    return "done"
  end)
end
local p = producer({"a", "b", "c"})
local out = {}
while true do
  local ok, v = coroutine.resume(p)
  if coroutine.status(p) == "dead" then out[#out + 1] = v break end
  out[#out + 1] = v
end
local gen = coroutine.wrap(function(a, b)
  local c = coroutine.yield(a + b)
  local d, e = coroutine.yield(c * 2)
  return d + e
end)
local r1 = gen(1, 2)
local r2 = gen(10)
local r3 = gen(3, 4)
local co = coroutine.create(function() error({code = 7}) end)
local ok, err = coroutine.resume(co)
local running, ismain = coroutine.running()
local closable = coroutine.create(function() coroutine.yield() end)
coroutine.resume(closable)
coroutine.close(closable)
return table.concat(out, ""), r1, r2, r3, ok, err.code, ismain, coroutine.isyieldable(), coroutine.status(closable)
