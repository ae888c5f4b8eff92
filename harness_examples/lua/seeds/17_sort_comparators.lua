local people = {
  {name = "ann", age = 31}, {name = "bob", age = 25}, {name = "cy", age = 31},
  {name = "dee", age = 19}, {name = "eve", age = 25}, {name = "fay", age = 44},
}
table.sort(people, function(a, b)
  if a.age ~= b.age then return a.age > b.age end
  return a.name < b.name
end)
local names = {}
for i, p in ipairs(people) do names[i] = p.name end
local nums = {}
for i = 1, 40 do nums[i] = (i * 7919) % 101 end
table.sort(nums)
local strs = {"banana", "Apple", "cherry", "apple", "Banana"}
table.sort(strs, function(a, b) return a:lower() < b:lower() end)
return table.concat(names, ","), nums[1], nums[40], table.concat(strs, " ")
