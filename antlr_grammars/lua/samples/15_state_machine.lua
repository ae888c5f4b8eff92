-- A table-driven state machine for a traffic light with a fault state.
local transitions = {
  green  = { timer = "yellow", fault = "flashing" },
  yellow = { timer = "red",    fault = "flashing" },
  red    = { timer = "green",  fault = "flashing" },
  flashing = { reset = "red" },
}

local durations = { green = 30, yellow = 4, red = 25 }

local Machine = {}
Machine.__index = Machine

function Machine.new(initial)
  return setmetatable({ state = initial, history = { initial }, elapsed = 0 }, Machine)
end

function Machine:fire(event)
  local row = transitions[self.state]
  local nxt = row and row[event]
  if not nxt then
    return false, ("no transition from %s on %s"):format(self.state, event)
  end
  self.elapsed = self.elapsed + (durations[self.state] or 0)
  self.state = nxt
  self.history[#self.history + 1] = nxt
  return true
end

local m = Machine.new("red")
for _ = 1, 4 do assert(m:fire("timer")) end
assert(m.state == "green")
local ok, msg = m:fire("reset")
assert(not ok and msg:match("no transition"))
assert(m:fire("fault") and m.state == "flashing")
assert(m:fire("reset") and m.state == "red")
print(table.concat(m.history, " -> "), "elapsed:", m.elapsed)
