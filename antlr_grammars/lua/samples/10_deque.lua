-- A double-ended queue with integer indices and metamethods.
local Deque = {}
Deque.__index = Deque

function Deque.new() return setmetatable({ first = 0, last = -1 }, Deque) end
function Deque:push_front(v) self.first = self.first - 1; self[self.first] = v end
function Deque:push_back(v) self.last = self.last + 1; self[self.last] = v end
function Deque:pop_front()
  if self.first > self.last then return nil end
  local v = self[self.first]
  self[self.first] = nil
  self.first = self.first + 1
  return v
end
function Deque:pop_back()
  if self.first > self.last then return nil end
  local v = self[self.last]
  self[self.last] = nil
  self.last = self.last - 1
  return v
end
function Deque:size() return self.last - self.first + 1 end
Deque.__len = Deque.size

function Deque:iter()
  local i = self.first - 1
  return function()
    i = i + 1
    if i <= self.last then return self[i] end
  end
end

local dq = Deque.new()
for i = 1, 5 do dq:push_back(i) end
dq:push_front(0); dq:push_front(-1)
assert(#dq == 7)
assert(dq:pop_front() == -1 and dq:pop_back() == 5)
local items = {}
for v in dq:iter() do items[#items + 1] = v end
assert(table.concat(items, ",") == "0,1,2,3,4")

-- Sliding window maximum using the deque of indices.
local function window_max(t, k)
  local out, q = {}, Deque.new()
  for i = 1, #t do
    while q:size() > 0 and t[q[q.last]] <= t[i] do q:pop_back() end
    q:push_back(i)
    if q[q.first] <= i - k then q:pop_front() end
    if i >= k then out[#out + 1] = t[q[q.first]] end
  end
  return out
end
print(table.concat(window_max({ 1, 3, -1, -3, 5, 3, 6, 7 }, 3), " "))
