-- Class hierarchies with super calls and a mixin via an __index function.
local function class(parent)
  local c = {}
  c.__index = c
  if parent then setmetatable(c, { __index = parent }) end
  c.super = parent
  c.new = function(...)
    local o = setmetatable({}, c)
    if o.init then o:init(...) end
    return o
  end
  return c
end

local Animal = class()
function Animal:init(name, sound) self.name, self.sound = name, sound or "..." end
function Animal:speak() return self.name .. " says " .. self.sound end
function Animal:kind() return "animal" end

local Dog = class(Animal)
function Dog:init(name, breed)
  Dog.super.init(self, name, "woof")
  self.breed = breed
end
function Dog:kind() return "dog/" .. Dog.super.kind(self) end

local Puppy = class(Dog)
function Puppy:speak() return Puppy.super.speak(self):upper() .. "!" end

local Serializable = {
  serialize = function(self)
    local keys = {}
    for k, v in pairs(self) do keys[#keys + 1] = k .. "=" .. tostring(v) end
    table.sort(keys)
    return "{" .. table.concat(keys, ",") .. "}"
  end,
}
-- Look up missing methods in Dog first, then in the mixin.
setmetatable(Puppy, { __index = function(_, key) return Dog[key] or Serializable[key] end })

local rex = Dog.new("Rex", "collie")
local bit = Puppy.new("Bit", "pug")
assert(rex:speak() == "Rex says woof")
assert(bit:speak() == "BIT SAYS WOOF!")
assert(bit:kind() == "dog/animal")
assert(bit:serialize() == "{breed=pug,name=Bit,sound=woof}")
assert(rawget(Puppy, "kind") == nil and getmetatable(bit) == Puppy)
print(rex:speak(), bit:speak(), bit:kind(), bit:serialize())
