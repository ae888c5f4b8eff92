local weak = setmetatable({}, {__mode = "v"})
local strong = {}
for i = 1, 50 do
  local obj = {id = i}
  weak[i] = obj
  if i % 5 == 0 then strong[#strong + 1] = obj end
end
local finalized = 0
for i = 1, 10 do
  setmetatable({}, {__gc = function() finalized = finalized + 1 end})
end
collectgarbage("collect")
collectgarbage("collect")
local alive = 0
for _, v in pairs(weak) do alive = alive + 1 end
local kb = collectgarbage("count")
collectgarbage("step", 0)
collectgarbage("generational")
collectgarbage("incremental")
return alive, #strong, finalized, kb > 0, collectgarbage("isrunning")
