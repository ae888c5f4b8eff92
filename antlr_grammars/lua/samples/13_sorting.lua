-- Sorting algorithms compared against table.sort.
local function insertion_sort(t, lt)
  lt = lt or function(a, b) return a < b end
  for i = 2, #t do
    local v, j = t[i], i - 1
    while j >= 1 and lt(v, t[j]) do
      t[j + 1] = t[j]
      j = j - 1
    end
    t[j + 1] = v
  end
  return t
end

local function merge_sort(t)
  if #t <= 1 then return t end
  local mid = #t // 2
  local left = merge_sort(table.move(t, 1, mid, 1, {}))
  local right = merge_sort(table.move(t, mid + 1, #t, 1, {}))
  local out, i, j = {}, 1, 1
  while i <= #left and j <= #right do
    if left[i] <= right[j] then
      out[#out + 1] = left[i]; i = i + 1
    else
      out[#out + 1] = right[j]; j = j + 1
    end
  end
  for k = i, #left do out[#out + 1] = left[k] end
  for k = j, #right do out[#out + 1] = right[k] end
  return out
end

local function quicksort(t, lo, hi)
  lo, hi = lo or 1, hi or #t
  if lo < hi then
    local pivot, p = t[(lo + hi) // 2], lo
    t[(lo + hi) // 2], t[hi] = t[hi], t[(lo + hi) // 2]
    for i = lo, hi - 1 do
      if t[i] < pivot then t[i], t[p] = t[p], t[i]; p = p + 1 end
    end
    t[p], t[hi] = t[hi], t[p]
    quicksort(t, lo, p - 1)
    quicksort(t, p + 1, hi)
  end
  return t
end

local data = { 38, 27, 43, 3, 9, 82, 10, 3, -5, 0 }
local expected = table.move(data, 1, #data, 1, {})
table.sort(expected)
local function same(a, b)
  for i = 1, #b do if a[i] ~= b[i] then return false end end
  return #a == #b
end
assert(same(insertion_sort(table.move(data, 1, #data, 1, {})), expected))
assert(same(merge_sort(data), expected))
assert(same(quicksort(table.move(data, 1, #data, 1, {})), expected))

local people = { { name = "cid", age = 31 }, { name = "ann", age = 25 }, { name = "bob", age = 31 } }
table.sort(people, function(a, b)
  if a.age ~= b.age then return a.age > b.age end
  return a.name < b.name
end)
print(people[1].name, people[2].name, people[3].name, table.concat(expected, " "))
