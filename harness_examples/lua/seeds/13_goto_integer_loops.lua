local out = {}
for i = 10, 1, -3 do out[#out + 1] = i end
for x = 0.0, 1.0, 0.25 do out[#out + 1] = x end
local i = 0
::top::
i = i + 1
if i < 5 then goto top end
local found
for a = 1, 5 do
  for b = 1, 5 do
    if a * b == 12 then found = a .. "x" .. b; goto done end
  end
end
::done::
local n = 0
repeat n = n + 2 until n >= 9
while true do n = n - 1; if n < 3 then break end end
return table.concat(out, ","), i, found, n
