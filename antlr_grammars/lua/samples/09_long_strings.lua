--[[ Long strings and long comments of several levels.
     This comment spans lines and contains ]=] without ending. ]]
--[==[
  level two comment: ]] and ]=] do not close it
]==]
local a = [[
first line
second line]]
local b = [=[contains ]] inside]=]
local c = [==[contains ]=] and ]] too]==]
local d = [===[
  level three: [[ ]] [=[ ]=] [==[ ]==]
]===]
local e = [[]]
assert(a == "first line\nsecond line")      -- the first newline is skipped
assert(b == "contains ]] inside")
assert(c == "contains ]=] and ]] too")
assert(d:find("level three", 1, true) == 3)
assert(e == "")
local f = "tab:\t quote:\" backslash:\\ bell:\a hex:\x41 dec:\65\066 utf8:\u{48}\u{20AC}"
local g = 'single \'quoted\' \z
           continued'
local h = "line1\
line2"
assert(g == "single 'quoted' continued")
assert(h == "line1\nline2")
--[=[ a level one comment ]=] local i = #a --[[ inline ]] + 1
print(#a, #b, #c, #d, #f, g, h, i) -- trailing short comment
--[ this is a short comment, not a long one
-- [[ and so is this
