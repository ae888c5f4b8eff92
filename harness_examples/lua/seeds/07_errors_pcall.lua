local function risky(n)
  if n == 1 then error("plain message") end
  if n == 2 then error({reason = "table error"}) end
  if n == 3 then error("no position", 0) end
  if n == 4 then local t = nil; return t.field end
  if n == 5 then return 1 + {} end
  if n == 6 then return #nil end
  return "fine"
end
local results = {}
for i = 1, 7 do
  local ok, e = pcall(risky, i)
  results[i] = tostring(ok) .. ":" .. (type(e) == "table" and e.reason or tostring(e))
end
local ok, tb = xpcall(function() risky(1) end, function(m) return "handled: " .. m end)
local ok2, msg = pcall(error)
local ok3 = pcall(assert, false, "assert message")
local ok4, v = pcall(tonumber, "0x1p4")
local nested_ok = pcall(pcall, error, "x")
return table.concat(results, "|"), ok, tb, ok2, msg, ok3, v, nested_ok
