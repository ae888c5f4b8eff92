-- Weak tables as caches and object registries.
local cache = setmetatable({}, { __mode = "k" })

local function area(shape)
  local v = cache[shape]
  if v == nil then
    if shape.kind == "circle" then
      v = math.pi * shape.r ^ 2
    elseif shape.kind == "rect" then
      v = shape.w * shape.h
    else
      v = 0
    end
    cache[shape] = v
  end
  return v
end

local keep = { kind = "rect", w = 3, h = 4 }
do
  local temp = { kind = "circle", r = 1 }
  assert(area(temp) > 3.14 and area(keep) == 12)
end
collectgarbage()
collectgarbage()

local live = 0
for k in pairs(cache) do live = live + 1; assert(k == keep) end
assert(live == 1)

-- Interning strings to small integer ids, with values held weakly.
local ids = setmetatable({}, { __mode = "v" })
local next_id = 0
local function intern(name)
  local box = ids[name]
  if not box then
    next_id = next_id + 1
    box = { id = next_id, name = name }
    ids[name] = box
  end
  return box
end
local x1, x2 = intern("x"), intern("x")
assert(x1 == x2 and x1.id == 1)
print(live, x1.id, collectgarbage("count") > 0, getmetatable(cache).__mode)
