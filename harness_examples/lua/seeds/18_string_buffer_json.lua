local function encode(v, out)
  local t = type(v)
  if t == "table" then
    if #v > 0 then
      out[#out + 1] = "["
      for i, x in ipairs(v) do if i > 1 then out[#out + 1] = "," end encode(x, out) end
      out[#out + 1] = "]"
    else
      out[#out + 1] = "{"
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys)
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        out[#out + 1] = string.format("%q:", k)
        encode(v[k], out)
      end
      out[#out + 1] = "}"
    end
  elseif t == "string" then out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
  else out[#out + 1] = tostring(v) end
  return out
end
local doc = {name = "widget", tags = {"a", "b"}, dims = {w = 3, h = 4.5}, ok = true, note = 'say "hi"\n'}
return table.concat(encode(doc, {}))
