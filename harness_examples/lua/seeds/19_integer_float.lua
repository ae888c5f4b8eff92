local results = {
  1 == 1.0, math.type(2^53), 2^53 == 2^53 + 1, math.tointeger("8"), tonumber("  0x10  "),
  tonumber("1e2"), tonumber("10", 2), tonumber("zz", 36), tonumber("8", 8), tostring(-0.0),
  3 // 0.0, -3 % math.huge, math.maxinteger // -1, string.format("%d", 3.0), 5 // 2 * 2 + 5 % 2,
  1 < 1.5, "a" < "b", "Z" < "a", "10" < "9", #"\u{7FF}\u{FFFF}",
}
local ok = pcall(function() return 1 // 0 end)
local ok2 = pcall(function() return math.tointeger(2^63) end)
return #results, ok, ok2, 0x7fffffffffffffff + 1 == math.mininteger, 0xA.8p0
