-- Prime sieve, factorisation and integer/float distinctions.
local function sieve(n)
  local is_composite, primes = {}, {}
  for i = 2, n do
    if not is_composite[i] then
      primes[#primes + 1] = i
      for j = i * i, n, i do is_composite[j] = true end
    end
  end
  return primes
end

local function factorize(n)
  local factors, d = {}, 2
  while d * d <= n do
    while n % d == 0 do
      factors[#factors + 1] = d
      n = n // d
    end
    d = d + (d == 2 and 1 or 2)
  end
  if n > 1 then factors[#factors + 1] = n end
  return factors
end

local function gcd(a, b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

local function powmod(base, exp, mod)
  local result = 1
  base = base % mod
  while exp > 0 do
    if exp & 1 == 1 then result = result * base % mod end
    base = base * base % mod
    exp = exp >> 1
  end
  return result
end

local primes = sieve(100)
assert(#primes == 25 and primes[25] == 97)
assert(table.concat(factorize(360), "*") == "2*2*2*3*3*5")
assert(gcd(1071, 462) == 21)
assert(powmod(2, 100, 1000000007) == 976371285)

for i = 10, 1, -3 do assert(math.type(i) == "integer") end
for x = 0.0, 1.0, 0.25 do assert(math.type(x) == "float") end
assert(3 == 3.0 and math.type(3 // 1) == "integer" and math.type(3 / 1) == "float")
assert(1 // 0.0 == math.huge and -1 // 0.0 == -math.huge)
print(#primes, table.concat(factorize(9973 * 7), " "), 2^53 == 2^53 + 1, 10 // 3, 10.0 // 3)
