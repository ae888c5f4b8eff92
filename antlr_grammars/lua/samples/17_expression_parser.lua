-- Tokenizer and recursive-descent evaluator for arithmetic expressions.
local function tokenize(src)
  local tokens, pos = {}, 1
  while pos <= #src do
    local s, e = src:find("^%s+", pos)
    if s then
      pos = e + 1
    else
      local num = src:match("^%d+%.?%d*", pos)
      if num then
        tokens[#tokens + 1] = { kind = "num", value = tonumber(num) }
        pos = pos + #num
      else
        local op = src:sub(pos, pos)
        if not op:find("^[%+%-%*/%^%(%)]$") then
          error(("unexpected character %q at %d"):format(op, pos))
        end
        tokens[#tokens + 1] = { kind = op }
        pos = pos + 1
      end
    end
  end
  tokens[#tokens + 1] = { kind = "eof" }
  return tokens
end

local Parser = {}
Parser.__index = Parser

function Parser.new(src) return setmetatable({ toks = tokenize(src), i = 1 }, Parser) end
function Parser:peek() return self.toks[self.i].kind end
function Parser:take() local t = self.toks[self.i]; self.i = self.i + 1; return t end

function Parser:primary()
  local t = self:take()
  if t.kind == "num" then return t.value end
  if t.kind == "-" then return -self:power() end
  if t.kind == "(" then
    local v = self:expr()
    assert(self:take().kind == ")", "expected )")
    return v
  end
  error("unexpected token " .. t.kind)
end

function Parser:power()
  local base = self:primary()
  if self:peek() == "^" then
    self:take()
    return base ^ self:power() -- right associative
  end
  return base
end

function Parser:term()
  local v = self:power()
  while self:peek() == "*" or self:peek() == "/" do
    if self:take().kind == "*" then v = v * self:power() else v = v / self:power() end
  end
  return v
end

function Parser:expr()
  local v = self:term()
  repeat
    local k = self:peek()
    if k == "+" then self:take(); v = v + self:term()
    elseif k == "-" then self:take(); v = v - self:term() end
  until k ~= "+" and k ~= "-"
  return v
end

local function eval(src)
  local p = Parser.new(src)
  local v = p:expr()
  assert(p:peek() == "eof", "trailing input")
  return v
end

assert(eval("1 + 2 * 3") == 7)
assert(eval("(1 + 2) * 3") == 9)
assert(eval("2 ^ 3 ^ 2") == 512)
assert(eval("-2 ^ 2") == -4)
assert(not pcall(eval, "1 + $"))
print(eval("10 / 4 - 0.5"), eval("((7))"))
