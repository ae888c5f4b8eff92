local function broken(
  return 1
end
