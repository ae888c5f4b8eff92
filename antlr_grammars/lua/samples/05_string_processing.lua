-- String processing: CSV parsing, word frequencies and templating.
local csv = [[
name,qty,price
"Widget, large",4,2.50
Gadget,1,19.99
"Quote ""Q""",2,0.75
]]

local function parse_csv_line(line)
  local fields, pos = {}, 1
  while pos <= #line + 1 do
    local c = line:sub(pos, pos)
    if c == '"' then
      local buf, i = {}, pos + 1
      while true do
        local q = line:find('"', i, true)
        buf[#buf + 1] = line:sub(i, q - 1)
        if line:sub(q + 1, q + 1) == '"' then
          buf[#buf + 1] = '"'
          i = q + 2
        else
          pos = q + 2
          break
        end
      end
      fields[#fields + 1] = table.concat(buf)
    else
      local stop = line:find(",", pos, true) or (#line + 1)
      fields[#fields + 1] = line:sub(pos, stop - 1)
      pos = stop + 1
    end
  end
  return fields
end

local rows = {}
for line in csv:gmatch("[^\n]+") do rows[#rows + 1] = parse_csv_line(line) end
assert(rows[2][1] == "Widget, large" and rows[4][1] == 'Quote "Q"')

local total = 0
for i = 2, #rows do total = total + tonumber(rows[i][2]) * tonumber(rows[i][3]) end
print(("total = %.2f"):format(total))

local text = "the quick brown fox jumps over the lazy dog the end"
local freq = {}
for word in text:gmatch("%a+") do freq[word] = (freq[word] or 0) + 1 end
assert(freq.the == 3)

local template = "Hello ${name}, you owe ${amount}!"
local filled = template:gsub("%${(%w+)}", { name = "Ann", amount = "$5" })
assert(filled == "Hello Ann, you owe $5!")

local trimmed = ("  padded\t\n"):match("^%s*(.-)%s*$")
local camel = ("snake_case_name"):gsub("_(%l)", string.upper)
print(filled, trimmed, camel, ("%q"):format("a\nb"), ("abc"):rep(3, "-"), ("hello"):byte(1, -1))
