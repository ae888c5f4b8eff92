local t = {1, 2, 3, "four", five = 5, [6] = "six", ["seven"] = {7}}
t[#t + 1] = "appended"
table.insert(t, 1, "first")
table.remove(t, 2)
local keys = {}
for k, v in pairs(t) do keys[#keys + 1] = tostring(k) end
table.sort(keys)
local s = table.concat(keys, ",")
local nested = {a = {b = {c = {d = "deep"}}}}
assert(nested.a.b.c.d == "deep")
local moved = table.move({1, 2, 3, 4, 5}, 2, 4, 1, {})
local packed = table.pack(1, nil, 3)
assert(packed.n == 3 and select('#', table.unpack(moved)) == 3)
return s, #t, rawlen(t), rawequal(t, t), next({})
