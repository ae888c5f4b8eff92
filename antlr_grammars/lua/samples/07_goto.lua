-- goto: "continue", breaking out of nested loops and a retry loop.
local odds = {}
for i = 1, 10 do
  if i % 2 == 0 then goto continue end
  odds[#odds + 1] = i
  ::continue::
end
assert(#odds == 5)

local grid = {
  { 1, 2, 3 },
  { 4, 99, 6 },
  { 7, 8, 9 },
}
local found_r, found_c
for r = 1, #grid do
  for c = 1, #grid[r] do
    if grid[r][c] == 99 then
      found_r, found_c = r, c
      goto found
    end
  end
end
error("not found")
::found::
assert(found_r == 2 and found_c == 2)

local attempts = 0
do
  ::retry::
  attempts = attempts + 1
  if attempts < 3 then goto retry end
end
assert(attempts == 3)

-- A while loop with an explicit "redo" label scoped to its block.
local queue, processed = { 3, 0, 5 }, {}
local i = 1
while i <= #queue do
  local item = queue[i]
  if item == 0 then
    queue[i] = 1
    goto next_item
  end
  processed[#processed + 1] = item
  i = i + 1
  ::next_item::
end
print(table.concat(odds, " "), found_r, found_c, attempts, table.concat(processed, " "))
