/*
 * fuzz_lua.c - libFuzzer harness for Lua 5.4.
 *
 * Input: Lua source text (raw bytes, no framing).  It is compiled with
 * luaL_loadbufferx in text-only mode (binary chunks are rejected) and run
 * with lua_pcall in a fresh state.
 * Exercises: lexer, parser/code generator, VM, GC (incl. finalizers and
 * weak tables), metatables, coroutines, to-be-closed variables, and the
 * string (incl. patterns and string.pack/format), table, math and utf8
 * libraries.
 *
 * Safety / boundedness:
 *  - only base, coroutine, string, table, math and utf8 are opened (no
 *    io/os/package/debug); dofile/loadfile are removed, print is a no-op,
 *    load() is forced to text mode;
 *  - memory is capped (32 MB) by a custom allocator;
 *  - a count hook raises an error after ~100k VM instructions; once the
 *    budget is spent the hook fires on every instruction, so pcall loops
 *    cannot swallow the error forever;
 *  - Lua disables hooks inside __gc finalizers; build_targets.sh builds
 *    lgc.c with finalizer_hooks.h so that the hook stays active there (an
 *    endless __gc would otherwise hang the process; with a stock liblua
 *    this one protection is missing);
 *  - a few library functions whose C loops can run "forever" without
 *    allocating (string patterns with heavy backtracking, string.rep of an
 *    empty string, table.move/insert/remove over huge ranges) refuse such
 *    calls with an ordinary Lua error.
 *
 * Validity (grammut/feedback.h; a no-op without grammut): an input is
 * valid when it compiles without a syntax error; a runtime error (Lua's
 * exception) is reported as a handled failure, its kind the error message
 * without positions, names and numbers. A chunk with a syntax error was
 * read only up to that error: the harness reports where (up to the end of
 * the line after the one the error names; grammut_report_read).
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator), so the object links cleanly with a mutator
 * library that may define those.
 */
#include <grammut/feedback.h>
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
#define HOOK_PERIOD 1000          /* instructions between count-hook calls */
#define HOOK_MAX_CALLS 100        /* -> ~100k instructions per input */
#define PATTERN_COST_LIMIT 2e8    /* see check_pattern_cost */
#define TABLE_LOOP_LIMIT 1000000  /* element moves in table.move/insert/remove */

struct alloc_state {
    size_t used;
    size_t limit;
};

static unsigned hook_calls;

/* ------------------------------------------------------------------ */
/* memory and instruction budgets                                      */

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
    if (++hook_calls > HOOK_MAX_CALLS) {
        /* from now on fail at every instruction of this thread */
        lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
        luaL_error(L, "instruction limit exceeded");
    }
}

/* ------------------------------------------------------------------ */
/* wrappers around library functions                                   */

/* Call upvalue 1 with all arguments, return all its results. */
static int call_original(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static void wrap_field(lua_State *L, const char *name, lua_CFunction wrapper) {
    /* expects the library table on top of the stack */
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, -2, name);
}

static int noop_print(lua_State *L) {
    (void)L;
    return 0;
}

/*
 * load(f) calls the reader f until it returns nil or "".  A C function as
 * reader may never do so -- load(collectgarbage) gets "0" forever, an
 * endless numeral, with a full collection per call -- and the count hook
 * cannot interrupt that loop.  Readers are bounded to READER_MAX_CALLS.
 */
#define READER_MAX_CALLS 1000

static int bounded_reader(lua_State *L) {
    lua_Integer calls = lua_tointeger(L, lua_upvalueindex(2)) + 1;
    if (calls > READER_MAX_CALLS)
        return luaL_error(L, "load: reader called more than %d times", READER_MAX_CALLS);
    lua_pushinteger(L, calls);
    lua_replace(L, lua_upvalueindex(2));
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    return 1;
}

/* load(chunk [, chunkname [, mode [, env]]]) with mode forced to "t" and
 * reader functions bounded. */
static int text_only_load(lua_State *L) {
    if (lua_gettop(L) < 3)
        lua_settop(L, 3);
    if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushinteger(L, 0);
        lua_pushcclosure(L, bounded_reader, 2);
        lua_replace(L, 1);
    }
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    return call_original(L);
}

/*
 * Lua patterns backtrack: ("a"):rep(3000):find(".-.-.-b") runs for minutes
 * inside one C call, where the count hook cannot interrupt it.  Estimate the
 * worst-case cost of a pattern operation as
 *     #subject * #pattern * #subject ^ (number of * + - quantifiers and %b)
 * and raise an ordinary Lua error when it exceeds PATTERN_COST_LIMIT.
 * Normal programs on short strings are unaffected.
 */
/* index just past the set starting at p[i] == '[' (Lua's classEnd rules) */
static size_t skip_set(const char *p, size_t m, size_t i) {
    i++;
    if (i < m && p[i] == '^')
        i++;
    do { /* the first ']' right after '[' or '[^' is a literal */
        if (i >= m)
            return m;
        if (p[i] == '%')
            i++;
        i++;
    } while (i < m && p[i] != ']');
    return i < m ? i + 1 : m;
}

static void check_pattern_cost(lua_State *L, int plain) {
    size_t n, m, i;
    const char *p;
    double cost, subject;
    int q = 0;
    if (!lua_isstring(L, 1) || !lua_isstring(L, 2))
        return; /* the original function reports the argument error */
    lua_tolstring(L, 1, &n);
    p = lua_tolstring(L, 2, &m);
    subject = n > 0 ? (double)n : 1.0;
    cost = subject * (m > 0 ? (double)m : 1.0);
    if (!plain) {
        i = 0;
        while (i < m && q < 16) {
            /* one single-character class, then an optional quantifier */
            if (p[i] == '%' && i + 1 < m && p[i + 1] == 'b') {
                q++; /* %bxy scans ahead for the balancing character */
                i += 4;
                continue;
            }
            if (p[i] == '%' && i + 1 < m && p[i + 1] == 'f') {
                i += 2;
                if (i < m && p[i] == '[')
                    i = skip_set(p, m, i);
                continue;
            }
            if (p[i] == '%')
                i += 2;
            else if (p[i] == '[')
                i = skip_set(p, m, i);
            else
                i++;
            if (i < m && (p[i] == '*' || p[i] == '+' || p[i] == '-')) {
                q++;
                i++;
            }
        }
        while (q-- > 0 && cost <= PATTERN_COST_LIMIT)
            cost *= subject;
    }
    if (cost > PATTERN_COST_LIMIT)
        luaL_error(L, "pattern operation too expensive for the fuzzing harness");
}

static int guarded_find(lua_State *L) {
    check_pattern_cost(L, lua_toboolean(L, 4));
    return call_original(L);
}

static int guarded_pattern_op(lua_State *L) {
    check_pattern_cost(L, 0);
    return call_original(L);
}

/* string.rep("", 2^50) loops 2^50 times without allocating anything. */
static int guarded_rep(lua_State *L) {
    size_t l = 1, lsep = 0;
    if (lua_isstring(L, 1))
        lua_tolstring(L, 1, &l);
    if (lua_isstring(L, 3))
        lua_tolstring(L, 3, &lsep);
    if (l == 0 && lsep == 0) {
        int isint = 0;
        (void)lua_tointegerx(L, 2, &isint);
        if (!isint)
            return call_original(L); /* let string.rep report the error */
        lua_pushliteral(L, "");
        return 1;
    }
    return call_original(L);
}

/* table.move(a1, f, e, t [, a2]) copies e-f+1 elements one by one. */
static int guarded_move(lua_State *L) {
    int okf = 0, oke = 0;
    lua_Integer f = lua_tointegerx(L, 2, &okf);
    lua_Integer e = lua_tointegerx(L, 3, &oke);
    if (okf && oke && e >= f && (lua_Unsigned)e - (lua_Unsigned)f >= TABLE_LOOP_LIMIT)
        luaL_error(L, "table.move range too large for the fuzzing harness");
    return call_original(L);
}

/* table.insert / table.remove shift #t elements; a __len metamethod can
 * make #t astronomically large while the table is empty. */
static int guarded_shift(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1)) {
        int has_len = lua_getfield(L, -1, "__len") != LUA_TNIL;
        lua_pop(L, 2);
        if (has_len) {
            lua_Integer n = luaL_len(L, 1);
            lua_Integer pos = lua_isinteger(L, 2) ? lua_tointeger(L, 2) : n;
            if ((pos < n ? (lua_Unsigned)n - (lua_Unsigned)pos : (lua_Unsigned)pos - (lua_Unsigned)n) >=
                TABLE_LOOP_LIMIT)
                luaL_error(L, "table too long for the fuzzing harness");
        }
    }
    return call_original(L);
}

/* ------------------------------------------------------------------ */

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

    lua_pushglobaltable(L);
    lua_pushnil(L);
    lua_setfield(L, -2, "dofile");
    lua_pushnil(L);
    lua_setfield(L, -2, "loadfile");
    lua_pushcfunction(L, noop_print);
    lua_setfield(L, -2, "print");
    wrap_field(L, "load", text_only_load);
    lua_pop(L, 1);

    /* string.* is also the __index of the string metatable, so s:find()
     * etc. go through the wrappers too */
    lua_getglobal(L, LUA_STRLIBNAME);
    wrap_field(L, "find", guarded_find);
    wrap_field(L, "match", guarded_pattern_op);
    wrap_field(L, "gmatch", guarded_pattern_op);
    wrap_field(L, "gsub", guarded_pattern_op);
    wrap_field(L, "rep", guarded_rep);
    lua_pop(L, 1);

    lua_getglobal(L, LUA_TABLIBNAME);
    wrap_field(L, "move", guarded_move);
    wrap_field(L, "insert", guarded_shift);
    wrap_field(L, "remove", guarded_shift);
    lua_pop(L, 1);

    /* deterministic math.random */
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, 42);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
}

/* The kind of a runtime error: its message without the "fuzz:N: " position,
 * quoted names and numbers ("attempt to call a nil value (global)"),
 * hashed (FNV-1a). Not instrumented: it only labels failures for grammut. */
__attribute__((no_sanitize("coverage"))) static uint32_t error_kind(const char *msg) {
    uint32_t h = 2166136261u;
    int quoted = 0;
    if (strncmp(msg, "fuzz:", 5) == 0) {
        const char *p = strstr(msg + 5, ": ");
        if (p != NULL) msg = p + 2;
    }
    for (; *msg; ++msg) {
        if (*msg == '\'') { quoted = !quoted; continue; }
        if (quoted || (*msg >= '0' && *msg <= '9')) continue;
        h = (h ^ (uint8_t)*msg) * 16777619u;
    }
    return h;
}

/* Tells grammut how much of a chunk that failed to compile Lua read: a
 * syntax error ("fuzz:LINE: ...") stops the compiler in line LINE, so
 * nothing past the end of the next line (a line of margin) was read. Lines
 * are counted at '\n' only, which never puts the end too early (Lua also
 * counts a lone '\r'). Memory errors and rejected binary chunks name no
 * line: nothing is reported. */
static void report_syntax_error_end(const uint8_t *data, size_t size, const char *msg) {
    char *rest;
    unsigned long line;
    size_t i;
    if (msg == NULL || strncmp(msg, "fuzz:", 5) != 0)
        return;
    line = strtoul(msg + 5, &rest, 10);
    if (rest == msg + 5 || *rest != ':')
        return;
    line += 1; /* newlines up to the end of the next line */
    for (i = 0; i < size; i++) {
        if (data[i] == '\n' && --line == 0) {
            grammut_report_read(i + 1);
            return;
        }
    }
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
        grammut_report_valid(1); /* compiled: no syntax error */
        if (lua_pcall(L, 0, 0, 0) == LUA_ERRRUN && grammut_feedback_failure != NULL &&
            lua_type(L, -1) == LUA_TSTRING)
            grammut_report_failure(error_kind(lua_tostring(L, -1)));
    } else {
        grammut_report_valid(0);
        if (grammut_feedback_read != NULL && lua_type(L, -1) == LUA_TSTRING)
            report_syntax_error_end(data, size, lua_tostring(L, -1));
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
