-- Object orientation with metatables: a 2D vector class.
local Vec = {}
Vec.__index = Vec

function Vec.new(x, y)
  return setmetatable({ x = x or 0, y = y or 0 }, Vec)
end

function Vec:len()
  return math.sqrt(self.x * self.x + self.y * self.y)
end

function Vec:normalized()
  local l = self:len()
  if l == 0 then return Vec.new() end
  return Vec.new(self.x / l, self.y / l)
end

function Vec:dot(o) return self.x * o.x + self.y * o.y end

Vec.__add = function(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
Vec.__sub = function(a, b) return Vec.new(a.x - b.x, a.y - b.y) end
Vec.__mul = function(a, b)
  if type(a) == "number" then a, b = b, a end
  return Vec.new(a.x * b, a.y * b)
end
Vec.__unm = function(a) return Vec.new(-a.x, -a.y) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__lt = function(a, b) return a:len() < b:len() end
Vec.__le = function(a, b) return a:len() <= b:len() end
Vec.__tostring = function(v) return ("(%g, %g)"):format(v.x, v.y) end
Vec.__len = function(v) return 2 end

local a, b = Vec.new(3, 4), Vec.new(1, -2)
local c = a + b * 2
assert(c == Vec.new(5, 0))
assert(-a == Vec.new(-3, -4))
assert(b < a and not (a <= b))
assert(#a == 2)
print(tostring(c), a:len(), a:normalized(), a:dot(b), 0.5 * a)
