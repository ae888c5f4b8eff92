-- Matrices with operator metamethods and Gaussian elimination.
local Matrix = {}
Matrix.__index = Matrix

function Matrix.new(rows)
  local m = setmetatable({ n = #rows, m = #rows[1] }, Matrix)
  for i = 1, m.n do
    m[i] = {}
    for j = 1, m.m do m[i][j] = rows[i][j] end
  end
  return m
end

function Matrix.identity(n)
  local rows = {}
  for i = 1, n do
    rows[i] = {}
    for j = 1, n do rows[i][j] = i == j and 1 or 0 end
  end
  return Matrix.new(rows)
end

function Matrix.__mul(a, b)
  assert(a.m == b.n, "dimension mismatch")
  local rows = {}
  for i = 1, a.n do
    rows[i] = {}
    for j = 1, b.m do
      local s = 0
      for k = 1, a.m do s = s + a[i][k] * b[k][j] end
      rows[i][j] = s
    end
  end
  return Matrix.new(rows)
end

function Matrix.__eq(a, b)
  if a.n ~= b.n or a.m ~= b.m then return false end
  for i = 1, a.n do
    for j = 1, a.m do
      if math.abs(a[i][j] - b[i][j]) > 1e-9 then return false end
    end
  end
  return true
end

function Matrix:__tostring()
  local lines = {}
  for i = 1, self.n do lines[i] = table.concat(self[i], "\t") end
  return table.concat(lines, "\n")
end

-- Solve A x = b by Gaussian elimination with partial pivoting.
function Matrix:solve(b)
  local n, a = self.n, {}
  for i = 1, n do a[i] = { table.unpack(self[i]) }; a[i][n + 1] = b[i] end
  for col = 1, n do
    local piv = col
    for r = col + 1, n do
      if math.abs(a[r][col]) > math.abs(a[piv][col]) then piv = r end
    end
    a[col], a[piv] = a[piv], a[col]
    for r = col + 1, n do
      local f = a[r][col] / a[col][col]
      for c = col, n + 1 do a[r][c] = a[r][c] - f * a[col][c] end
    end
  end
  local x = {}
  for i = n, 1, -1 do
    local s = a[i][n + 1]
    for j = i + 1, n do s = s - a[i][j] * x[j] end
    x[i] = s / a[i][i]
  end
  return x
end

local A = Matrix.new { { 2, 1, -1 }, { -3, -1, 2 }, { -2, 1, 2 } }
assert(A * Matrix.identity(3) == A)
local x = A:solve { 8, -11, -3 }
assert(math.abs(x[1] - 2) < 1e-9 and math.abs(x[2] - 3) < 1e-9 and math.abs(x[3] + 1) < 1e-9)
print(tostring(A * A))
