#include "libfuzzer/coverage_novelty.h"

#include "libfuzzer/harness_feedback.h"

namespace grammut {
namespace {

// libFuzzer's hit-count bucket of each counter value, as a bit (0 for 0).
struct BucketBits {
  uint8_t bit[256];
  constexpr BucketBits() : bit() {
    for (int v = 1; v < 256; ++v) {
      const int bucket = v >= 128  ? 7
                         : v >= 32 ? 6
                         : v >= 16 ? 5
                         : v >= 8  ? 4
                         : v >= 4  ? 3
                                   : v - 1;  // 1, 2, 3
      bit[v] = static_cast<uint8_t>(1u << bucket);
    }
  }
};
constexpr BucketBits kBucketBits;

}  // namespace

int CoverageNovelty::Scan() {
  if (counters_.empty()) return -1;
  int fresh = 0, edges = 0;
  ForEachNonZeroCounter(counters_, [this, &fresh, &edges](size_t i, uint8_t v) {
    const uint8_t bit = kBucketBits.bit[v];
    fresh += (bit & ~seen_[i]) != 0;
    edges += seen_[i] == 0;
    seen_[i] |= bit;
  });
  edges_ = edges;
  return fresh;
}

}  // namespace grammut
