/*
 * step_limit.c - the step budgets of the MuJS fuzzing build (see
 * step_limit.h and regexp_limit.h).  Compiled into the fuzzing and
 * coverage builds of libmujs.a by scripts/build_targets.sh, with the MuJS
 * source directory on the include path.
 *
 * The harness sets fuzz_mujs_steps_left and fuzz_mujs_regexp_steps_left
 * before it runs an input.  Once a budget is spent it stays spent: every
 * further instruction or element access throws again, so a script cannot
 * catch the error and carry on looping.
 */
#include "mujs.h"

unsigned long fuzz_mujs_steps_left = (unsigned long)-1;
unsigned long fuzz_mujs_regexp_steps_left = (unsigned long)-1;

unsigned int fuzz_mujs_step(js_State *J);
int fuzz_mujs_regexp_maxrec(void);

void fuzz_mujs_real_getindex(js_State *J, int idx, int i);
int fuzz_mujs_real_hasindex(js_State *J, int idx, int i);
void fuzz_mujs_real_setindex(js_State *J, int idx, int i);
void fuzz_mujs_real_delindex(js_State *J, int idx, int i);
void fuzz_mujs_real_getproperty(js_State *J, int idx, const char *name);
int fuzz_mujs_real_hasproperty(js_State *J, int idx, const char *name);

unsigned int fuzz_mujs_step(js_State *J) {
    if (fuzz_mujs_steps_left > 0) {
        fuzz_mujs_steps_left--;
        return 0;
    }
    /* A plain string, not an Error object: making an Error would call back
     * into the wrapped functions. */
    js_pushliteral(J, "step limit of the fuzzing harness exceeded");
    js_throw(J);
}

int fuzz_mujs_regexp_maxrec(void) {
    if (fuzz_mujs_regexp_steps_left > 0) {
        fuzz_mujs_regexp_steps_left--;
        return 1024; /* MuJS's own REG_MAXREC */
    }
    return -1; /* every depth exceeds it */
}

void js_getindex(js_State *J, int idx, int i) {
    fuzz_mujs_step(J);
    fuzz_mujs_real_getindex(J, idx, i);
}

int js_hasindex(js_State *J, int idx, int i) {
    fuzz_mujs_step(J);
    return fuzz_mujs_real_hasindex(J, idx, i);
}

void js_setindex(js_State *J, int idx, int i) {
    fuzz_mujs_step(J);
    fuzz_mujs_real_setindex(J, idx, i);
}

void js_delindex(js_State *J, int idx, int i) {
    fuzz_mujs_step(J);
    fuzz_mujs_real_delindex(J, idx, i);
}

void js_getproperty(js_State *J, int idx, const char *name) {
    fuzz_mujs_step(J);
    fuzz_mujs_real_getproperty(J, idx, name);
}

int js_hasproperty(js_State *J, int idx, const char *name) {
    fuzz_mujs_step(J);
    return fuzz_mujs_real_hasproperty(J, idx, name);
}
