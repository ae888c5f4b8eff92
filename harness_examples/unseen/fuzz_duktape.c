/* fuzz_duktape.c: libFuzzer harness for Duktape, a JavaScript engine grammut
 * was never tuned on (scripts/bench_unseen.sh). Compiles and runs the input
 * as a program in a fresh heap. scripts/bench_unseen.sh builds Duktape with
 * DUK_USE_INTERRUPT_COUNTER and DUK_USE_EXEC_TIMEOUT_CHECK calling
 * fuzz_duk_timeout_check, so a program stops after about 5M instructions
 * (Duktape checks every ~256k) instead of running into libFuzzer's -timeout. */
#include <stdint.h>
#include <stdlib.h>

#include "duktape.h"

#define MAX_TIMEOUT_CHECKS 20

static unsigned timeout_checks;

duk_bool_t fuzz_duk_timeout_check(void *udata) {
  (void)udata;
  return ++timeout_checks > MAX_TIMEOUT_CHECKS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  timeout_checks = 0;
  duk_context *ctx = duk_create_heap_default();
  if (ctx == NULL) return 0;
  duk_peval_lstring(ctx, (const char *)data, size);
  duk_destroy_heap(ctx);
  return 0;
}
