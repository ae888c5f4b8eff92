local env = {x = 5, tostring = tostring}
local f = load("y = x * 2; return tostring(y)", "chunk", "t", env)
local r = f()
local function reader()
  local parts = {"return ", "1 + ", "2"}
  local i = 0
  return function() i = i + 1; return parts[i] end
end
local g = load(reader())
local bad, msg = load("return +", "=bad")
local dumped = string.dump(function(a) return a * 3 end)
local binary, bmsg = load(dumped, "bin", "b")
local _ENV = setmetatable({}, {__index = _G})
z = 42
return r, env.y, g and g(), bad, msg, binary, type(bmsg), z, rawget(_G, "z")
