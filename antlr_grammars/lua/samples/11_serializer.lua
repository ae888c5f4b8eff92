-- A deterministic JSON-like serializer with sorted keys and cycle detection.
local serialize

local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r" }

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(ch)
    return escapes[ch] or string.format("\\u%04x", ch:byte())
  end) .. '"'
end

local function is_array(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  for i = 1, n do if t[i] == nil then return false end end
  return true, n
end

function serialize(v, seen)
  local tv = type(v)
  if tv == "nil" then return "null"
  elseif tv == "boolean" then return tostring(v)
  elseif tv == "number" then
    if v ~= v or v == math.huge or v == -math.huge then return "null" end
    return math.type(v) == "integer" and tostring(v) or string.format("%.14g", v)
  elseif tv == "string" then return quote(v)
  elseif tv == "table" then
    seen = seen or {}
    if seen[v] then error("cycle detected", 2) end
    seen[v] = true
    local parts = {}
    local arr, n = is_array(v)
    if arr and n > 0 then
      for i = 1, n do parts[i] = serialize(v[i], seen) end
      seen[v] = nil
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    for _, k in ipairs(keys) do
      parts[#parts + 1] = quote(k) .. ":" .. serialize(v[k] == nil and v[tonumber(k)] or v[k], seen)
    end
    seen[v] = nil
    return "{" .. table.concat(parts, ",") .. "}"
  end
  error("cannot serialize a " .. tv)
end

local doc = {
  name = "grammut", version = 3, ratio = 0.25, tags = { "fuzz", "antlr" },
  nested = { ok = true, none = false, text = 'tab\there "q"' },
}
local out = serialize(doc)
assert(out:sub(1, 9) == '{"name":"')
print(out)

local cyclic = {}
cyclic.self = cyclic
local ok, err = pcall(serialize, cyclic)
assert(not ok and err:find("cycle"))
print(serialize({}), serialize({ 1, 2, { 3 } }), serialize(0 / 0))
