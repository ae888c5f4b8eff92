local vals = {
  math.floor(3.7), math.ceil(-3.7), math.abs(-2^63), math.max(1, 9, 3), math.min(4, -1),
  math.fmod(7, 3), math.fmod(-7, 3), math.modf(3.75), math.sqrt(2), math.exp(1), math.log(8, 2),
  math.log(100, 10), math.sin(math.pi / 6), math.cos(0), math.tan(1), math.asin(1), math.acos(0), math.atan(1, 2),
  math.tointeger(3.0), math.type(1), math.type(1.0), math.type("1"), math.ult(1, -1),
  math.maxinteger + 1 == math.mininteger, 7 // 2, -7 // 2, 7 % -3, 7.5 // 2, 2^0.5, 1 / 0, -1 / 0,
  3 & 5, 3 | 5, 3 ~ 5, ~0, 1 << 62, 1 >> 1, "10" + 5, "3" * "4", 10 / 4,
}
math.randomseed(123)
local r = {math.random(), math.random(10), math.random(5, 8)}
local nan = 0 / 0
return #vals, nan ~= nan, r[2] >= 1 and r[2] <= 10, string.format("%.14g", math.pi), math.huge > 0
