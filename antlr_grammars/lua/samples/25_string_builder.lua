-- Building text efficiently: buffers, string.format, pack/unpack and %q.
local Buffer = {}
Buffer.__index = Buffer
function Buffer.new() return setmetatable({ n = 0 }, Buffer) end
function Buffer:add(...)
  for i = 1, select("#", ...) do
    self.n = self.n + 1
    self[self.n] = tostring((select(i, ...)))
  end
  return self
end
function Buffer:addf(fmt, ...) return self:add(fmt:format(...)) end
function Buffer:__tostring() return table.concat(self, "", 1, self.n) end

local rows = { { "apples", 3, 0.5 }, { "bread", 1, 2.25 }, { "cheese", 2, 4.1 } }
local b = Buffer.new()
b:addf("%-8s %3s %8s\n", "item", "qty", "total")
b:add(("-"):rep(21), "\n")
local grand = 0
for _, r in ipairs(rows) do
  local item, qty, price = table.unpack(r)
  grand = grand + qty * price
  b:addf("%-8s %3d %8.2f\n", item, qty, qty * price)
end
b:addf("%-12s %8.2f", "TOTAL", grand)
local report = tostring(b)
assert(select(2, report:gsub("\n", "")) == 5)

local packed = string.pack("<i4 d s1", -7, 1.5, "hi")
local i4, d, s = string.unpack("<i4 d s1", packed)
assert(i4 == -7 and d == 1.5 and s == "hi" and #packed == 4 + 8 + 3)

local quoted = string.format("%q", 'line1\nsay "hi"\0end')
local loader = load("return " .. quoted)
assert(loader and loader() == 'line1\nsay "hi"\0end')
assert(string.format("%q", math.mininteger) == "0x8000000000000000")
print(report)
print(("%5.1f|%-5d|%x|%X|%o|%e|%g|%c%c|%%"):format(3.14159, 42, 255, 255, 8, 12345.678, 1e20, 76, 117))
