local s = "héllo wörld – 日本語 🙂"
local n = utf8.len(s)
local cps = {}
for p, c in utf8.codes(s) do cps[#cps + 1] = c end
local back = utf8.char(table.unpack(cps))
assert(back == s)
local offs = utf8.offset(s, 3)
local first = utf8.codepoint(s, 1, offs)
local bad, pos = utf8.len("abc\xffdef")
local matches = 0
for ch in s:gmatch(utf8.charpattern) do matches = matches + 1 end
return n, #cps, offs, first, bad, pos, matches, utf8.char(72, 0x10FFFF, 228)
