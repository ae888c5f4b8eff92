// harness_feedback.h: what the fuzz target said about the input it ran.
//
// The target calls grammut/feedback.h's functions while it runs an input;
// they land here (the C entry points are defined in harness_feedback.cc).
// The glue takes what was said at its next call: libFuzzer runs one of our
// outputs between two mutator calls, so that is the verdict on our last
// output.
#ifndef GRAMMUT_LIBFUZZER_HARNESS_FEEDBACK_H_
#define GRAMMUT_LIBFUZZER_HARNESS_FEEDBACK_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "mutate/mutator.h"

namespace grammut {

// TakeHarnessFeedback returns what the target reported since the last
// call and starts afresh (run_seconds is left 0 for the caller to fill).
HarnessFeedback TakeHarnessFeedback();

// The target's inline 8-bit counters (the main program's __sancov_cntrs
// section; empty when it has none), looked up once.
absl::Span<const uint8_t> TargetCounters();

// Calls fn(index, value) for every non-zero counter of `counters`, passing
// over zero bytes 32 at a time (most counters of a run are zero). The
// block is copied with a constant size, which compiles to plain loads: a
// variable-size memcpy was a call into the sanitizer's interceptor per 8
// bytes, a third of grammut's own CPU in a sqlite3 fuzzer.
template <typename Fn>
void ForEachNonZeroCounter(absl::Span<const uint8_t> counters, Fn fn) {
  constexpr size_t kBlock = 32;
  const uint8_t* p = counters.data();
  const size_t n = counters.size();
  size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    uint64_t w[kBlock / 8];
    std::memcpy(w, p + i, kBlock);
    if ((w[0] | w[1] | w[2] | w[3]) == 0) continue;
    for (size_t k = i; k < i + kBlock; ++k) {
      if (p[k] != 0) fn(k, p[k]);
    }
  }
  for (; i < n; ++i) {
    if (p[i] != 0) fn(i, p[i]);
  }
}

// Whether valid-only coverage is counted (GRAMMUT_VALIDITY, default
// on); set by the glue at start-up.
void SetValidCoverageEnabled(bool enabled);

// What to do when the target names the input it runs
// (grammut_report_input): write its structure features into `counters`.
using InputObserver = void (*)(absl::string_view input, uint8_t* counters,
                               size_t size);
// Sets the observer (null: ignore such reports); set by the glue at
// start-up when k-path features are on.
void SetInputObserver(InputObserver observer);

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_HARNESS_FEEDBACK_H_
