local LIMIT <const> = 10
local log = {}
local function resource(name)
  return setmetatable({name = name}, {
    __close = function(self, err) log[#log + 1] = "close " .. self.name .. (err and " (error)" or "") end,
  })
end
do
  local r1 <close> = resource("first")
  local r2 <close> = resource("second")
  log[#log + 1] = "body"
end
local ok = pcall(function()
  local r <close> = resource("third")
  error("boom")
end)
local acc = 0
for k = 1, LIMIT do acc = acc + k end
return table.concat(log, ";"), ok, acc
