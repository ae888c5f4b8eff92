/* fuzz_jansson.c: libFuzzer harness for jansson, a JSON library grammut was
 * never tuned on (scripts/bench_unseen.sh). Parses the input, and when it
 * parses, dumps it back (compact and indented) and frees it. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int seeded;
  json_error_t error;
  if (!seeded) {
    json_object_seed(1); /* the same hash order in every run */
    seeded = 1;
  }
  json_t *root = json_loadb((const char *)data, size, JSON_DECODE_ANY, &error);
  if (root == NULL) return 0;
  char *compact = json_dumps(root, JSON_COMPACT | JSON_ENCODE_ANY);
  char *indented =
      json_dumps(root, JSON_INDENT(2) | JSON_SORT_KEYS | JSON_ENCODE_ANY);
  free(compact);
  free(indented);
  json_decref(root);
  return 0;
}
