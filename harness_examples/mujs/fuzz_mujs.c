/*
 * fuzz_mujs.c - libFuzzer harness for MuJS (ES5 JavaScript interpreter).
 *
 * Input: JavaScript source text (raw bytes, no framing).  It is compiled
 * with js_ploadstring and run with js_pcall in a fresh state; errors
 * (syntax errors, exceptions, limits) are swallowed.
 * Exercises: lexer, parser, compiler, bytecode interpreter, garbage
 * collector, and the built-in library (Object, Array, Function, String,
 * RegExp, Number, Boolean, Math, Date, JSON, Error, URI functions).
 *
 * Safety / boundedness:
 *  - MuJS's own globals do no I/O (load, read, print, quit, ... belong to
 *    its command line shell, main.c, which is not built); the harness adds
 *    only a no-op print() and console.log();
 *  - memory is capped (32 MB) by a custom allocator;
 *  - a step budget of STEP_LIMIT: build_targets.sh compiles jsrun.c with
 *    step_limit.h force-included, which counts every interpreter
 *    instruction and every element access the built-in library makes
 *    (array methods over huge array-likes loop in C); once spent, every
 *    further step throws, so try/catch cannot keep a loop alive;
 *  - a regexp budget of REGEXP_LIMIT backtracking steps (regexp_limit.h on
 *    regexp.c): MuJS's backtracking matcher is exponential on patterns
 *    like /(a|a)*b/;
 *  - Math.random and the clock are fixed (fixed_time.h), so runs repeat;
 *  - stdout goes to /dev/null from the first run on: a `debugger`
 *    statement makes MuJS dump its stack and globals there (js_trap), and
 *    one in a loop wrote gigabytes into a fuzzer's log (libFuzzer reports
 *    on stderr).
 *  The MuJS sources are not changed.
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator), so the object links cleanly with a mutator
 * library that may define those.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs.h"

#define FUZZ_MAX_INPUT (64 * 1024)
#define MEMORY_LIMIT ((size_t)32 * 1024 * 1024)
#define STEP_LIMIT 200000UL
#define REGEXP_LIMIT 200000UL

/* step_limit.c, compiled into libmujs.a by build_targets.sh */
extern unsigned long fuzz_mujs_steps_left;
extern unsigned long fuzz_mujs_regexp_steps_left;

static volatile size_t sink;

/* ------------------------------------------------------------------ */
/* memory budget                                                       */

/* js_Alloc has realloc semantics without the old size, so every block
 * carries its size in a header. */
union block_header {
    size_t size;
    max_align_t align;
};

static size_t mem_used;

static void *limited_alloc(void *actx, void *ptr, int size) {
    union block_header *h = NULL;
    size_t old = 0;
    (void)actx;
    if (ptr != NULL) {
        h = (union block_header *)ptr - 1;
        old = h->size;
    }
    if (size <= 0) {
        free(h);
        mem_used -= old;
        return NULL;
    }
    if ((size_t)size > old && (size_t)size - old > MEMORY_LIMIT - mem_used)
        return NULL; /* over budget: MuJS throws "out of memory" */
    h = realloc(h, sizeof *h + (size_t)size);
    if (h == NULL)
        return NULL;
    mem_used = mem_used - old + (size_t)size;
    h->size = (size_t)size;
    return h + 1;
}

/* ------------------------------------------------------------------ */
/* globals                                                             */

static void silent_report(js_State *J, const char *message) {
    (void)J;
    (void)message;
}

static void noop_print(js_State *J) {
    js_pushundefined(J);
}

static void setup_globals(js_State *J) {
    js_newcfunction(J, noop_print, "print", 0);
    js_setglobal(J, "print");

    js_newobject(J);
    js_newcfunction(J, noop_print, "log", 0);
    js_setproperty(J, -2, "log");
    js_newcfunction(J, noop_print, "error", 0);
    js_setproperty(J, -2, "error");
    js_setglobal(J, "console");
}

/* ------------------------------------------------------------------ */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    js_State *J;
    char *source;

    static int stdout_closed;

    if (size > FUZZ_MAX_INPUT)
        return 0;
    if (!stdout_closed) {
        stdout_closed = 1;
        if (freopen("/dev/null", "w", stdout) == NULL)
            abort();
    }

    /* js_ploadstring wants a NUL-terminated string (an embedded NUL ends
     * the source early, as it would for any C caller) */
    source = malloc(size + 1);
    if (source == NULL)
        return 0;
    memcpy(source, data, size);
    source[size] = '\0';

    mem_used = 0;
    fuzz_mujs_steps_left = (unsigned long)-1;
    fuzz_mujs_regexp_steps_left = (unsigned long)-1;
    J = js_newstate(limited_alloc, NULL, 0);
    if (J == NULL) {
        free(source);
        return 0;
    }
    js_setreport(J, silent_report);

    if (js_try(J)) {
        /* out of memory while setting up: give up on this input */
        js_pop(J, 1);
    } else {
        setup_globals(J);
        js_endtry(J);

        fuzz_mujs_steps_left = STEP_LIMIT;
        fuzz_mujs_regexp_steps_left = REGEXP_LIMIT;
        if (js_ploadstring(J, "fuzz.js", source) == 0) {
            js_pushundefined(J); /* this */
            js_pcall(J, 0);
        }
        /* the completion value or the error: convert it to a string (this
         * can run a user-defined toString, within what is left of the
         * budgets; js_trystring catches its errors) */
        sink += strlen(js_trystring(J, -1, ""));
#ifdef HARNESS_VERBOSE
        fprintf(stderr, "mujs: %s (steps left %lu, regexp steps left %lu, %zu bytes)\n",
                js_trystring(J, -1, "?"), fuzz_mujs_steps_left, fuzz_mujs_regexp_steps_left, mem_used);
#endif
        js_pop(J, 1);
    }

    js_freestate(J);
    free(source);
    fuzz_mujs_steps_left = (unsigned long)-1;
    fuzz_mujs_regexp_steps_left = (unsigned long)-1;
    return 0;
}
