/*
 * fuzz_lua.c - libFuzzer harness for Lua 5.4.
 *
 * Input: Lua source text (raw bytes, no framing).  It is compiled with
 * luaL_loadbufferx in text-only mode (binary chunks are rejected) and run
 * with lua_pcall in a fresh state.
 * Exercises: lexer, parser/code generator, VM, GC (incl. finalizers and
 * weak tables), metatables, coroutines, and the string (incl. patterns and
 * string.pack/format), table, math and utf8 libraries.
 *
 * Safety: only base, coroutine, string, table, math and utf8 are opened
 * (no io/os/package/debug); dofile/loadfile are removed, print is a no-op,
 * load() is forced to text mode; memory is capped by a custom allocator;
 * a count hook raises an error after ~100k VM instructions.
 *
 * Does not define LLVMFuzzerCustomMutator.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"

#define FUZZ_MAX_INPUT (64 * 1024)
#define MEMORY_LIMIT ((size_t)32 * 1024 * 1024)
#define HOOK_PERIOD 1000     /* instructions between count-hook calls */
#define HOOK_MAX_CALLS 100   /* -> ~100k instructions per input */

struct alloc_state {
    size_t used;
    size_t limit;
};

static unsigned hook_calls;

static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    struct alloc_state *st = (struct alloc_state *)ud;
    void *np;
    if (ptr == NULL)
        osize = 0; /* osize encodes the object type when ptr is NULL */
    if (nsize == 0) {
        free(ptr);
        st->used -= osize;
        return NULL;
    }
    if (nsize > osize && nsize - osize > st->limit - st->used)
        return NULL; /* over budget: Lua raises a memory error */
    np = realloc(ptr, nsize);
    if (np == NULL)
        return NULL;
    st->used = st->used - osize + nsize;
    return np;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (++hook_calls > HOOK_MAX_CALLS)
        luaL_error(L, "instruction limit exceeded");
}

static int noop_print(lua_State *L) {
    (void)L;
    return 0;
}

/* load(chunk [, chunkname [, mode [, env]]]) with mode forced to "t". */
static int text_only_load(lua_State *L) {
    int n = lua_gettop(L);
    if (n < 3) {
        lua_settop(L, 3);
        n = 3;
    }
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1)); /* original load */
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static void open_safe_libs(lua_State *L) {
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},       {LUA_COLIBNAME, luaopen_coroutine},
        {LUA_STRLIBNAME, luaopen_string}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},
        {NULL, NULL},
    };
    const luaL_Reg *lib;
    for (lib = libs; lib->func != NULL; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, noop_print);
    lua_setglobal(L, "print");
    lua_getglobal(L, "load");
    lua_pushcclosure(L, text_only_load, 1);
    lua_setglobal(L, "load");
    /* deterministic math.random */
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, 42);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
}

static int setup(lua_State *L) {
    open_safe_libs(L);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct alloc_state st;
    lua_State *L;

    if (size > FUZZ_MAX_INPUT)
        return 0;

    st.used = 0;
    st.limit = MEMORY_LIMIT;
    L = lua_newstate(limited_alloc, &st);
    if (L == NULL)
        return 0;

    /* library setup can only fail on memory errors; run it protected anyway */
    lua_pushcfunction(L, setup);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        return 0;
    }

    hook_calls = 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_PERIOD);

    if (luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t") == LUA_OK) {
        lua_pcall(L, 0, 0, 0);
    }
#ifdef HARNESS_VERBOSE
    if (lua_type(L, -1) == LUA_TSTRING)
        fprintf(stderr, "lua error: %s\n", lua_tostring(L, -1));
    fprintf(stderr, "lua: %u hook calls, %zu bytes in use\n", hook_calls, st.used);
#endif
    lua_settop(L, 0);
    lua_close(L); /* runs pending finalizers; the hook is still active */
    return 0;
}
