-- An event emitter with method-call syntax and once-listeners.
local Emitter = {}
Emitter.__index = Emitter

function Emitter.new() return setmetatable({ handlers = {} }, Emitter) end

function Emitter:on(event, fn)
  local list = self.handlers[event]
  if not list then
    list = {}
    self.handlers[event] = list
  end
  list[#list + 1] = fn
  return self
end

function Emitter:once(event, fn)
  local wrapper
  wrapper = function(...)
    self:off(event, wrapper)
    return fn(...)
  end
  return self:on(event, wrapper)
end

function Emitter:off(event, fn)
  local list = self.handlers[event] or {}
  for i = #list, 1, -1 do
    if list[i] == fn then table.remove(list, i) end
  end
  return self
end

function Emitter:emit(event, ...)
  local list = self.handlers[event]
  if not list then return 0 end
  local snapshot = { table.unpack(list) }
  for _, fn in ipairs(snapshot) do fn(...) end
  return #snapshot
end

local log = {}
local bus = Emitter.new()
bus:on("data", function(x) log[#log + 1] = "a" .. x end)
   :on("data", function(x) log[#log + 1] = "b" .. x end)
   :once("data", function(x) log[#log + 1] = "once" .. x end)

assert(bus:emit("data", 1) == 3)
assert(bus:emit("data", 2) == 2)
assert(bus:emit("nothing") == 0)
print(table.concat(log, " "))
