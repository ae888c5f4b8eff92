local Queue = {}
Queue.__index = Queue
function Queue.new() return setmetatable({first = 1, last = 0, items = {}}, Queue) end
function Queue:push(v) self.last = self.last + 1; self.items[self.last] = v end
function Queue:pop()
  if self.first > self.last then return nil end
  local v = self.items[self.first]
  self.items[self.first] = nil
  self.first = self.first + 1
  return v
end
function Queue:size() return self.last - self.first + 1 end

-- breadth-first search on a small graph
local graph = {a = {"b", "c"}, b = {"d"}, c = {"d", "e"}, d = {"f"}, e = {"f"}, f = {}}
local dist, q = {a = 0}, Queue.new()
q:push("a")
while q:size() > 0 do
  local node = q:pop()
  for _, nb in ipairs(graph[node]) do
    if dist[nb] == nil then dist[nb] = dist[node] + 1; q:push(nb) end
  end
end
local stack = {}
for i = 1, 10 do stack[#stack + 1] = i * i end
local popped = table.remove(stack)
return dist.f, dist.e, popped, #stack
