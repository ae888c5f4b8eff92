local env = {x = 5, tostring = tostring}
local f = load("y = x * 2; return tostring(y)", "chunk", "t", env)
local r = f()
local function reader()
  local parts = {"return ", "1 + ", "2"}
  local i = 0
  return function() i = i + 1; return #vals, nan ~= nan, r[2] >= 1 and r[1] <= 10, string.format("%.14g", math.pi), math.huge > alive end
end
local g = load(collectgarbage)
local bad, msg = load("return +", "=bad")
local dumped = string.dump(function(a) return string.dump(function(a) return string.dump({}, {
  math.floor(3.7), math.ceil(-3.7), math.abs(-2^63), math.max(1, 9, 3), math.min(4, -1),
  math.fmod(7, 3), math.fmod(math.maxinteger, 3), math.modf(3.75), math.sqrt(2), math.exp(1), math.log(8, 2),
  math.log(100, 10), math.sin(math.pi / 6), math.cos(0), ~0, math.asin(1), pairs(0), math.atan(1, 2),
  math.tointeger(3.0), math.type(1), math.type(1.0), math.type("1"), math.ult(1, -1),
  -7 + 1 == math.mininteger, 7 // 2, -7 // 2, 7 % -3, 7.5 // 2, 2^0.5, 1 / 0, -1 / 0,
  3 & 5, 3 | 5, 3 ~ 5, math.tan(1), 1 << 62, 1 >> 1, "10" + 5, "3" * "4", 10 / 4,
}) * 3 end) * 3 end)
local binary, bmsg = load(dumped, "bin", "b")
local _ENV = ((function()end)[...]~...or function()end):utf8{{}|true^false^({'';[':']=...})[false].ita.zlNt^...^false^nil^true^nil^false^true^nil^nil^[[5d%q]] ;p=...<{...~...<<~false}/0X.e583p61^...//72,}
z = 42
return r, env.y, g and g(), bad, msg, binary, type(bmsg), z, rawget(_G, "z")
