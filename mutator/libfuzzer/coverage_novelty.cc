#include "mutator/libfuzzer/coverage_novelty.h"

#include <cstring>

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
  int fresh = 0;
  const size_t n = counters_.size();
  for (size_t i = 0; i < n; i += 8) {
    uint64_t word = 0;
    const size_t len = n - i < 8 ? n - i : 8;
    std::memcpy(&word, counters_.data() + i, len);
    if (word == 0) continue;  // most counters are zero: 8 at a time
    for (size_t k = i; k < i + len; ++k) {
      const uint8_t bit = kBucketBits.bit[counters_[k]];
      fresh += (bit & ~seen_[k]) != 0;
      seen_[k] |= bit;
    }
  }
  return fresh;
}

}  // namespace grammut
