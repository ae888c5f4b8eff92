// harness_feedback.cc: the entry points of grammut/feedback.h.
#include "mutator/libfuzzer/harness_feedback.h"

#include <cstdint>

namespace grammut {
namespace {

// What the target reported for the input it is running. libFuzzer runs the
// target on the thread that calls the mutator, one input at a time.
HarnessFeedback current;
bool valid_coverage = true;

}  // namespace

HarnessFeedback TakeHarnessFeedback() {
  HarnessFeedback taken = current;
  current = HarnessFeedback();
  return taken;
}

void SetValidCoverageEnabled(bool enabled) { valid_coverage = enabled; }

}  // namespace grammut

extern "C" __attribute__((visibility("default"))) void grammut_feedback_verdict(
    int valid) {
  grammut::current.verdict = valid
                                 ? grammut::HarnessFeedback::Verdict::kValid
                                 : grammut::HarnessFeedback::Verdict::kInvalid;
}

extern "C" __attribute__((visibility("default"))) void grammut_feedback_failure(
    uint32_t site) {
  ++grammut::current.failures;
  grammut::current.failure_site = site;
}

extern "C" __attribute__((visibility("default"))) int
grammut_feedback_valid_coverage() {
  return grammut::valid_coverage ? 1 : 0;
}
