#include "mutate/slow_entries.h"

#include <algorithm>

namespace grammut {

SlowEntries::SlowEntries() : entries_(kMaxEntries) {
  window_.reserve(kWindow);
  fast_.reserve(kFastRing);
}

void SlowEntries::Add(uint64_t root, double seconds) {
  if (!(seconds > 0)) return;
  if (window_.size() < kWindow) {
    window_.push_back(seconds);
  } else {
    window_[next_] = seconds;
    next_ = (next_ + 1) % kWindow;
  }
  if (++added_ % kResort == 0) {
    sorted_ = window_;
    const auto mid = sorted_.begin() + sorted_.size() / 2;
    std::nth_element(sorted_.begin(), mid, sorted_.end());
    median_ = *mid;
  }
  Runs* runs = entries_.Find(root);
  if (runs == nullptr) {
    entries_.Put(root, Runs{});
    runs = entries_.Find(root);
  }
  runs->seconds += seconds;
  ++runs->count;
  // Judged once, when first measured enough: a fast one may stand in.
  if (runs->count == kMinRuns && median_ > 0 &&
      runs->seconds / runs->count <= 2 * median_) {
    if (fast_.size() < kFastRing) {
      fast_.push_back(root);
    } else {
      fast_[fast_next_] = root;
      fast_next_ = (fast_next_ + 1) % kFastRing;
    }
  }
}

double SlowEntries::AvoidChance(uint64_t root) const {
  if (median_ <= 0) return 0;
  const Runs* runs = entries_.Find(root);
  if (runs == nullptr || runs->count < kMinRuns) return 0;
  const double mean = runs->seconds / runs->count;
  if (mean <= kSlowFactor * median_) return 0;
  return 1 - kSlowFactor * median_ / mean;
}

uint64_t SlowEntries::PickFast(Rng& rng) const {
  if (fast_.empty()) return 0;
  return fast_[rng.Below(fast_.size())];
}

}  // namespace grammut
