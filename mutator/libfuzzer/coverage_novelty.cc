#include "mutator/libfuzzer/coverage_novelty.h"

#include <cstring>

namespace grammut {
namespace {

// libFuzzer's hit-count bucket of a non-zero counter, as a bit.
uint8_t BucketBit(uint8_t count) {
  int bucket = 0;
  if (count >= 128) {
    bucket = 7;
  } else if (count >= 32) {
    bucket = 6;
  } else if (count >= 16) {
    bucket = 5;
  } else if (count >= 8) {
    bucket = 4;
  } else if (count >= 4) {
    bucket = 3;
  } else {
    bucket = count - 1;  // 1, 2, 3
  }
  return static_cast<uint8_t>(1u << bucket);
}

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
      if (counters_[k] == 0) continue;
      const uint8_t bit = BucketBit(counters_[k]);
      if ((seen_[k] & bit) != 0) continue;
      seen_[k] |= bit;
      ++fresh;
    }
  }
  return fresh;
}

}  // namespace grammut
