-- Errors: pcall, xpcall, error objects and rethrowing.
local ValidationError = {}
ValidationError.__index = ValidationError
ValidationError.__tostring = function(e) return "ValidationError: " .. e.msg end

local function validate(user)
  if type(user) ~= "table" then
    error(setmetatable({ msg = "user must be a table", field = nil }, ValidationError))
  end
  if not user.name or #user.name == 0 then
    error(setmetatable({ msg = "name is required", field = "name" }, ValidationError))
  end
  if math.type(user.age) ~= "integer" or user.age < 0 then
    error(setmetatable({ msg = "age must be a non-negative integer", field = "age" }, ValidationError))
  end
  return true
end

local function try(f, ...)
  local ok, err = pcall(f, ...)
  if ok then return "ok" end
  if getmetatable(err) == ValidationError then return tostring(err) end
  error(err, 0) -- not ours: rethrow unchanged
end

assert(try(validate, { name = "ann", age = 30 }) == "ok")
assert(try(validate, { name = "", age = 3 }) == "ValidationError: name is required")
assert(try(validate, { name = "bob", age = 1.5 }):find("age"))

local ok, msg = pcall(try, function() error("plain failure") end)
assert(not ok and msg:find("plain failure"))

local function handler(e) return "handled<" .. tostring(e) .. ">" end
local ok2, res = xpcall(function(a, b) return a // b end, handler, 7, 0)
assert(not ok2 and res:match("^handled<"))
local ok3, res3 = xpcall(function(a, b) return a // b end, handler, 7, 2)
assert(ok3 and res3 == 3)

local status, e = pcall(error)
assert(not status and e == nil)
local _, lvl = pcall(function() error("where", 1) end)
print(res, res3, lvl, select("#", pcall(error, { code = 42 })))
