-- Integer division and bitwise operators: CRC-32 and bit tricks.
local function crc32(s)
  local crc = 0xFFFFFFFF
  for i = 1, #s do
    crc = crc ~ s:byte(i)
    for _ = 1, 8 do
      local mask = -(crc & 1)
      crc = (crc >> 1) ~ (0xEDB88320 & mask)
    end
  end
  return ~crc & 0xFFFFFFFF
end

assert(crc32("The quick brown fox jumps over the lazy dog") == 0x414FA339)

local function popcount(x)
  local n = 0
  while x ~= 0 do
    x = x & (x - 1)
    n = n + 1
  end
  return n
end

local function is_pow2(x) return x > 0 and x & (x - 1) == 0 end
local function rotl32(x, k) return ((x << k) | (x >> (32 - k))) & 0xFFFFFFFF end

assert(popcount(0xFF) == 8 and popcount(0) == 0)
assert(is_pow2(1024) and not is_pow2(1000))
assert(rotl32(0x80000001, 1) == 3)
assert(7 // 2 == 3 and -7 // 2 == -4 and 7 % -2 == -1)
assert(1 << 63 == math.mininteger and -1 >> 63 == 1)
assert(5 ~ 3 == 6 and ~0 == -1 and 6 | 1 == 7)
assert(0x10 == 16 and 0xA.8p0 == 10.5 and 0x.1p4 == 1.0 and 0X1P-2 == 0.25)

local flags = { READ = 1 << 0, WRITE = 1 << 1, EXEC = 1 << 2 }
local perm = flags.READ | flags.EXEC
local names = {}
for _, k in ipairs { "READ", "WRITE", "EXEC" } do
  if perm & flags[k] ~= 0 then names[#names + 1] = k end
end
print(string.format("crc=%08x perm=%s pop=%d", crc32("abc"), table.concat(names, "|"), popcount(perm)))
