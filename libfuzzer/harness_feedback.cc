// harness_feedback.cc: the entry points of grammut/feedback.h, and
// valid-only coverage.
//
// The target's inline 8-bit counters (section __sancov_cntrs) are found in
// the main program's own section table (main_program.h): the harness must
// not declare the section's __start_/__stop_ symbols itself (the coverage
// instrumentation creates them per module and would get renamed copies that the
// linker never defines).
#include "libfuzzer/harness_feedback.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "absl/types/span.h"
#include "libfuzzer/main_program.h"

namespace grammut {
namespace {

// What the target reported for the input it is running. libFuzzer runs the
// target on the thread that calls the mutator, one input at a time.
HarnessFeedback current;
bool valid_coverage = true;
InputObserver input_observer = nullptr;

// Folds the counters the running input set into `out` (max per slot).
void FoldCounters(absl::Span<const uint8_t> in, uint8_t* out, size_t n) {
  ForEachNonZeroCounter(in, [out, n](size_t i, uint8_t v) {
    uint8_t& slot = out[i % n];
    if (v > slot) slot = v;
  });
}

}  // namespace

absl::Span<const uint8_t> TargetCounters() {
  static const absl::Span<uint8_t> counters =
      MainProgramSection("__sancov_cntrs");
  return counters;
}

HarnessFeedback TakeHarnessFeedback() {
  HarnessFeedback taken = current;
  current = HarnessFeedback();
  return taken;
}

void SetValidCoverageEnabled(bool enabled) { valid_coverage = enabled; }

void SetInputObserver(InputObserver observer) { input_observer = observer; }

}  // namespace grammut

extern "C" __attribute__((visibility("default"))) void grammut_feedback_verdict(
    int valid, uint8_t* valid_counters, size_t size) {
  grammut::current.verdict = valid
                                 ? grammut::HarnessFeedback::Verdict::kValid
                                 : grammut::HarnessFeedback::Verdict::kInvalid;
  if (valid && grammut::valid_coverage && valid_counters != nullptr &&
      size > 0) {
    grammut::FoldCounters(grammut::TargetCounters(), valid_counters, size);
  }
}

extern "C" __attribute__((visibility("default"))) void grammut_feedback_failure(
    uint32_t site) {
  ++grammut::current.failures;
  grammut::current.failure_site = site;
}

extern "C" __attribute__((visibility("default"))) void grammut_feedback_read(
    size_t bytes) {
  grammut::current.read_bytes = static_cast<int64_t>(
      std::min<size_t>(bytes, std::numeric_limits<int64_t>::max()));
}

extern "C" __attribute__((visibility("default"))) void grammut_feedback_input(
    const uint8_t* data, size_t size, uint8_t* structure_counters,
    size_t counters) {
  if (grammut::input_observer == nullptr || structure_counters == nullptr ||
      counters == 0 || (data == nullptr && size > 0)) {
    return;
  }
  grammut::input_observer(
      absl::string_view(reinterpret_cast<const char*>(data), size),
      structure_counters, counters);
}
