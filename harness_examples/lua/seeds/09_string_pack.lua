local packed = string.pack("<i4 >I2 d z s1 B", -12345, 65000, 3.5, "zero-term", "len", 255)
local a, b, c, d, e, f, nextpos = string.unpack("<i4 >I2 d z s1 B", packed)
local size = string.packsize("i4 i8 d")
local hdr = string.pack(">I4 I2 I2", 0xCAFEBABE, 1, 52)
local magic = string.unpack(">I4", hdr)
local aligned = string.pack("!8 i1 i8", 1, 2)
local hex = (packed:gsub(".", function(ch) return string.format("%02x", ch:byte()) end))
return a, b, c, d, e, f, nextpos, size, magic == 0xCAFEBABE, #aligned, #hex
