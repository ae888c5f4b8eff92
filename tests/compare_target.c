/* compare_target.c: a libFuzzer target that traps on an input holding the
 * word "qjxkzvwpmy" among its space-separated words (tests/compare_e2e.sh).
 * It compares each 10-letter word with memcmp, through a pointer so that
 * the compiler cannot turn the call into integer compares: libFuzzer's
 * memcmp hook records both sides in its table of recent compares. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static const char kMagic[] = "qjxkzvwpmy";
static int (*volatile compare)(const void *, const void *, size_t) = memcmp;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t start = 0;
  for (size_t i = 0; i <= size; i++) {
    if (i < size && data[i] != ' ' && data[i] != '\n') continue;
    if (i - start == sizeof kMagic - 1 &&
        compare(data + start, kMagic, sizeof kMagic - 1) == 0) {
      __builtin_trap();
    }
    start = i + 1;
  }
  return 0;
}
