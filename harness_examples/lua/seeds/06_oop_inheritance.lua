local Animal = {}
Animal.__index = Animal
function Animal.new(name, sound)
  local self = setmetatable({}, Animal)
  self.name, self.sound = name, sound
  return self
end
function Animal:speak() return self.name .. " says " .. self.sound end

local Dog = setmetatable({}, {__index = Animal})
Dog.__index = Dog
function Dog.new(name)
  local self = Animal.new(name, "woof")
  return setmetatable(self, Dog)
end
function Dog:fetch(thing) return self.name .. " fetches the " .. thing end
function Dog:speak() return Animal.speak(self) .. "!" end

local zoo = {Animal.new("cat", "meow"), Dog.new("rex"), Animal.new("cow", "moo")}
local lines = {}
for i, a in ipairs(zoo) do
  lines[i] = a:speak()
  if getmetatable(a) == Dog then lines[i] = lines[i] .. "; " .. a:fetch("ball") end
end
return table.concat(lines, "\n")
