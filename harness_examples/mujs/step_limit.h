/*
 * step_limit.h - force-included (clang -include) by build_targets.sh when
 * compiling MuJS's jsrun.c, and only that file.
 *
 * MuJS has no instruction-count hook, so the fuzzing build adds a step
 * budget (step_limit.c) without changing the MuJS sources:
 *
 *  1. Every instruction of the bytecode interpreter (jsR_run) starts with
 *         if (J->gccounter > J->gcthresh) js_gc(J, 0);
 *     and that is the only place jsrun.c reads gcthresh.  The macro below
 *     turns it into
 *         if (J->gccounter > J->gcthresh + fuzz_mujs_step(J)) ...
 *     fuzz_mujs_step() returns 0 while budget is left and throws once it
 *     is spent.
 *  2. The built-in library (Array.prototype.*, JSON, ...) loops over
 *     lengths it reads from objects, e.g. [].join.call({length: 2e9}), in
 *     C.  It reads elements through the public js_getindex / js_hasindex /
 *     js_setindex / js_delindex / js_getproperty / js_hasproperty.  Here
 *     those are defined under fuzz_mujs_real_* names; step_limit.c defines
 *     the public names as wrappers that take a step first.  Calls made
 *     inside jsrun.c itself go straight to the real functions.
 *
 * jsi.h is included first so that struct js_State and the public
 * prototypes are declared before the macros exist (its include guard keeps
 * jsrun.c's own #include "jsi.h" from seeing them again).
 */
#include "jsi.h"

unsigned int fuzz_mujs_step(js_State *J);

#define gcthresh gcthresh + fuzz_mujs_step(J)

#define js_getindex fuzz_mujs_real_getindex
#define js_hasindex fuzz_mujs_real_hasindex
#define js_setindex fuzz_mujs_real_setindex
#define js_delindex fuzz_mujs_real_delindex
#define js_getproperty fuzz_mujs_real_getproperty
#define js_hasproperty fuzz_mujs_real_hasproperty

void fuzz_mujs_real_getindex(js_State *J, int idx, int i);
int fuzz_mujs_real_hasindex(js_State *J, int idx, int i);
void fuzz_mujs_real_setindex(js_State *J, int idx, int i);
void fuzz_mujs_real_delindex(js_State *J, int idx, int i);
void fuzz_mujs_real_getproperty(js_State *J, int idx, const char *name);
int fuzz_mujs_real_hasproperty(js_State *J, int idx, const char *name);
