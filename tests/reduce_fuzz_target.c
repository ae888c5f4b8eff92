/* reduce_fuzz_target.c: a tiny libFuzzer target for reduce_oracle_test
 * (grammut reduce --fuzzer on timeouts and leaks). On an input holding
 *   HANG   it loops forever (libFuzzer reports a timeout);
 *   LEAKA  it leaks a block allocated by leak_a through alloc_wrapper;
 *   LEAKB  it leaks a block allocated by leak_b through alloc_wrapper
 *          (so both leaks share the allocator frame, as in real programs
 *          with their own malloc wrappers, and differ one frame below).
 * Built with -fsanitize=fuzzer,address: LeakSanitizer reports the leaks
 * when the process exits. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *volatile kept;
static volatile unsigned long spins;

__attribute__((noinline)) static void *alloc_wrapper(size_t n) {
  void *p = malloc(n);
  if (p) memset(p, 1, n);
  return p;
}

__attribute__((noinline)) static void leak_a(void) {
  kept = alloc_wrapper(48);
  kept = NULL;
}

__attribute__((noinline)) static void leak_b(void) {
  kept = alloc_wrapper(64);
  kept = NULL;
}

static int has(const uint8_t *data, size_t size, const char *word) {
  const size_t n = strlen(word);
  for (size_t i = 0; i + n <= size; i++) {
    if (memcmp(data + i, word, n) == 0) return 1;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (has(data, size, "LEAKA")) leak_a();
  if (has(data, size, "LEAKB")) leak_b();
  if (has(data, size, "HANG")) {
    for (;;) spins++;
  }
  return 0;
}
