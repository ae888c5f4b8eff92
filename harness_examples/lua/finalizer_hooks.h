/*
 * finalizer_hooks.h - force-included (clang -include) by build_targets.sh
 * when compiling Lua's lgc.c, and only that file.
 *
 * Lua runs __gc metamethods with debug hooks switched off (GCTM sets
 * L->allowhook = 0), so the harness's instruction-count hook cannot stop a
 * finalizer that loops forever, e.g.
 *     setmetatable({}, {__gc = function() while true do end end})
 * This redirects the single luaD_pcall() call in lgc.c (the one in GCTM
 * that runs a finalizer) to fuzz_lua_finalizer_pcall(), which re-enables
 * hooks for the duration of the finalizer.  An error raised by the hook is
 * then handled exactly like an error raised by the finalizer itself (Lua
 * turns it into a warning).  The Lua sources are not modified.
 */
#define luaD_pcall(L, func, u, oldtop, ef) \
  fuzz_lua_finalizer_pcall(L, func, u, oldtop, ef)
