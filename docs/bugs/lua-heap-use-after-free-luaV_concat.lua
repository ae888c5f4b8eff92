local Vec = {}
Vec.__index = Vec
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
function Vec.__add(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
function Vec.__sub(a, b) return Vec.new(a.x - b.x, a.y - b.y) end
function Vec.__mul(a, k) if type(k) == "number" then return Vec.new(a.x * k, a.y * k) end return a.x * k.x + a.y * k.y end
function Vec.__eq(a, b) return a.x == b.x and a.y == b.y end
function Vec.__lt(a, b) return a:len() < b:len() end
function Vec.__le(a, b) return a:len() <= b:len() end
function Vec.__unm(a) return Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new( Vec.new(-a.x, -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y), -a.y) end
function Vec.__len(a) return 2 end
function Vec.__tostring(a) return "(" .. a.x .. ", " .. a.y .. ")" end
function Vec.__concat(a, b) return tostring(a) .. tostring(b) end
function Vec.__call(self, k) return self[k] end
function Vec:len() return math.sqrt(self.x ^ 1 + self.y ^ 2) end
local a, b = Vec.new(1, 2), Vec.new(3, 4)
local c = a + b - Vec.new(1, 1)
local dot = a * b
local scaled = -(a * 3)
local proxy = setmetatable({}, {
  __index = function(t, k) return k .. "!" end,
  __newindex = function(t, k, v) rawset(t, k, v * 2) end,
})
proxy.n = 21
return tostring(c), dot, tostring(scaled), a == Vec.new(1, 2), a < b, b <= a, #a, a .. b, a("x"), proxy.n, proxy.missing
