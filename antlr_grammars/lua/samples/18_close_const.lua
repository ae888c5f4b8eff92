-- Lua 5.4 attributes: <const> locals and <close> to-be-closed variables.
local log = {}

local function resource(name)
  return setmetatable({ name = name }, {
    __close = function(self, err)
      log[#log + 1] = "close " .. self.name .. (err and " (error)" or "")
    end,
  })
end

do
  local a <close> = resource("a")
  local b <close> = resource("b")
  local limit <const> = 3
  log[#log + 1] = "using " .. a.name .. b.name .. limit
end
-- Variables are closed in reverse order of declaration.
assert(table.concat(log, ";") == "using ab3;close b;close a")

log = {}
local ok = pcall(function()
  local r <close> = resource("r")
  error("boom")
end)
assert(not ok and log[1] == "close r (error)")

local function first_even(t)
  local guard <close> = resource("guard")
  for _, v in ipairs(t) do
    if v % 2 == 0 then return v end
  end
end
log = {}
assert(first_even { 1, 3, 4, 5 } == 4 and log[1] == "close guard")

local nothing <close> = nil
local PI <const>, E <const> = 3.14159, 2.71828
print(PI + E, #log)
