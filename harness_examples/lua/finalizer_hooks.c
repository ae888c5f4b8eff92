/*
 * finalizer_hooks.c - see finalizer_hooks.h.  Compiled into the fuzzing
 * builds of liblua5.4.a by scripts/build_targets.sh (with Lua's src/ on the
 * include path).
 */
#include "lprefix.h"

#include <stddef.h>

#include "lua.h"

#include "ldo.h"
#include "lstate.h"

LUAI_FUNC int fuzz_lua_finalizer_pcall(lua_State *L, Pfunc func, void *u, ptrdiff_t oldtop, ptrdiff_t ef);

int fuzz_lua_finalizer_pcall(lua_State *L, Pfunc func, void *u, ptrdiff_t oldtop, ptrdiff_t ef) {
    lu_byte saved = L->allowhook;
    int status;
    L->allowhook = 1; /* let the instruction-count hook see the finalizer */
    status = luaD_pcall(L, func, u, oldtop, ef);
    L->allowhook = saved;
    return status;
}
