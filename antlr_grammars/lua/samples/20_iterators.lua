-- Stateless and stateful iterators, and the __pairs metamethod.
local List = {}
List.__index = List

function List.from(t)
  local head
  for i = #t, 1, -1 do head = { value = t[i], next = head } end
  return setmetatable({ head = head }, List)
end

local function step(_, node) return node.next end

function List:nodes()
  return function(_, node)
    if node == nil then return self.head end
    return step(nil, node)
  end, nil, nil
end

function List:values()
  local node = self.head
  return function()
    if node then
      local v = node.value
      node = node.next
      return v
    end
  end
end

local l = List.from { "a", "b", "c" }
local collected = {}
for v in l:values() do collected[#collected + 1] = v end
assert(table.concat(collected) == "abc")

local n = 0
for node in l:nodes() do n = n + #node.value end
assert(n == 3)

-- A stateless iterator over even indices, like ipairs.
local function evens(t)
  return function(tbl, i)
    i = i + 2
    if tbl[i] ~= nil then return i, tbl[i] end
  end, t, 0
end
local got = {}
for i, v in evens { 10, 20, 30, 40, 50 } do got[#got + 1] = i .. "=" .. v end
assert(table.concat(got, ",") == "2=20,4=40")

-- __pairs lets a proxy present its own keys in sorted order.
local sorted = setmetatable({ data = { b = 2, a = 1, c = 3 } }, {
  __pairs = function(self)
    local keys = {}
    for k in next, self.data do keys[#keys + 1] = k end
    table.sort(keys)
    local i = 0
    return function()
      i = i + 1
      local k = keys[i]
      if k then return k, self.data[k] end
    end, self, nil
  end,
})
local order = {}
for k, v in pairs(sorted) do order[#order + 1] = k .. v end
print(table.concat(order, " "), table.concat(got, " "))
