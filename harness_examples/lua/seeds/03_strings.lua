local s = "The quick brown fox jumps over the lazy dog"
local words = {}
for w in s:gmatch("%a+") do words[#words + 1] = w:lower() end
local up = s:upper():sub(5, 9)
local replaced, n = s:gsub("(%w+) (%w+)", "%2 %1")
local i, j, cap = s:find("(b%a+)")
local fmt = string.format("%5d|%-6s|%.3f|%x|%q|%g|%s", 42, "ab", math.pi, 255, "a\nb\"c", 1e20, nil)
local rev = ("stressed"):reverse()
local bytes = {s:byte(1, 5)}
local ch = string.char(72, 105, 33)
local rep = ("ab"):rep(5, "-")
local trimmed = ("   padded   "):match("^%s*(.-)%s*$")
local date = ("2024-03-15"):gsub("(%d+)-(%d+)-(%d+)", "%3/%2/%1")
local balanced = ("f(a(b)c)d"):match("%b()")
local frontier = ("THE (quick) fox"):gsub("%f[%a]%a+", function(w) return w:lower() end)
return #words, up, replaced, n, i, j, cap, fmt, rev, #bytes, ch, rep, trimmed, date, balanced, frontier
