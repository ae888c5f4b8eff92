-- UTF-8 text handling with the utf8 library and \u{} escapes.
local s = "na\u{EF}ve caf\u{E9} \u{1F600} \u{4E2D}\u{6587}"
assert(utf8.len(s) == 15)
assert(#s > utf8.len(s))

local chars = {}
for _, cp in utf8.codes(s) do chars[#chars + 1] = cp end
assert(chars[3] == 0xEF and chars[#chars] == 0x6587)

local function reverse_utf8(str)
  local out = {}
  for _, cp in utf8.codes(str) do table.insert(out, 1, utf8.char(cp)) end
  return table.concat(out)
end
assert(reverse_utf8("h\u{E9}llo") == "oll\u{E9}h")

local function utf8_sub(str, i, j)
  local from = utf8.offset(str, i)
  local to = utf8.offset(str, j + 1)
  return str:sub(from, (to or #str + 1) - 1)
end
assert(utf8_sub(s, 7, 10) == "caf\u{E9}")

local count = 0
for _ in s:gmatch(utf8.charpattern) do count = count + 1 end
assert(count == utf8.len(s))
assert(utf8.codepoint("\xE2\x82\xAC") == 0x20AC)
print(reverse_utf8(s), utf8.char(72, 0x20AC, 0x10348), utf8.len("\xFF"))
