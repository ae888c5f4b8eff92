/* word_target.c: a libFuzzer target that traps on an input holding the
 * word "zyxwvutsrq" (tests/dictionary_e2e.sh). The word is found by a hash
 * of each 10-byte window, not a string compare, so libFuzzer's compare
 * hooks never offer it: only a dictionary does. With -DOWN_INITIALIZE the
 * target defines its own LLVMFuzzerInitialize. */
#include <stddef.h>
#include <stdint.h>

#define WORD_LEN 10
#define WORD_HASH 0x030f6802bfc45684ULL /* Fnv1a64("zyxwvutsrq") */

static uint64_t Fnv1a64(const uint8_t *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

#ifdef OWN_INITIALIZE
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  return 0;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (size_t i = 0; i + WORD_LEN <= size; i++) {
    if (Fnv1a64(data + i, WORD_LEN) == WORD_HASH) __builtin_trap();
  }
  return 0;
}
