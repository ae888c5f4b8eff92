-- Numeric methods: Newton's method, Simpson's rule and a tiny RNG.
local abs, sin, cos, pi = math.abs, math.sin, math.cos, math.pi

local function newton(f, df, x0, tol, max_iter)
  local x = x0
  for _ = 1, max_iter or 50 do
    local fx = f(x)
    if abs(fx) < (tol or 1e-12) then return x end
    x = x - fx / df(x)
  end
  return nil, "did not converge"
end

local function simpson(f, a, b, n)
  n = n or 100
  if n % 2 == 1 then n = n + 1 end
  local h = (b - a) / n
  local s = f(a) + f(b)
  for i = 1, n - 1 do
    s = s + (i % 2 == 1 and 4 or 2) * f(a + i * h)
  end
  return s * h / 3
end

local root = newton(function(x) return x * x - 2 end, function(x) return 2 * x end, 1.0)
assert(abs(root - math.sqrt(2)) < 1e-12)

local area = simpson(sin, 0, pi, 200)
assert(abs(area - 2) < 1e-8)

-- Linear congruential generator using integer wrap-around.
local function lcg(seed)
  local state = seed
  return function()
    state = (state * 6364136223846793005 + 1442695040888963407) & 0x7FFFFFFFFFFFFFFF
    return (state >> 32) / 2.0^31
  end
end
local rnd = lcg(42)
local inside = 0
local N = 20000
for _ = 1, N do
  local x, y = rnd(), rnd()
  if x * x + y * y <= 1.0 then inside = inside + 1 end
end
local est = 4 * inside / N
assert(abs(est - pi) < 0.1)

print(("sqrt(2)=%.15f  area=%.10f  pi~%.3f  cos(0)=%g"):format(root, area, est, cos(0)))
print(math.maxinteger + 1 == math.mininteger, 7 // 2, 7.0 // 2, -7 // 2, 7 % -3, 2^0.5,
      math.tointeger(3.0), math.type(1), math.type(1.0), math.ult(1, -1), 1e308 * 10, -0.0)
