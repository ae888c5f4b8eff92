/* feedback_target.c: a fuzz target that tells grammut about its inputs
 * (grammut/feedback.h), for the feedback API's end-to-end test.
 *
 * An input is valid when it starts with 'v'; a second byte 'f' is a handled
 * failure at site 7; every input is named to grammut (k-path features).
 * Valid and invalid inputs of the same length run the
 * same code, so only valid-only coverage tells them apart. Built twice:
 * with grammut linked in, and without (every call a no-op).
 */
#include <grammut/feedback.h>
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  grammut_report_input(data, size);
  if (size == 0) return 0;
  grammut_report_valid(data[0] == 'v');
  if (size > 1 && data[1] == 'f') grammut_report_failure(7);
  return 0;
}
