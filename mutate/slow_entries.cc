#include "mutate/slow_entries.h"

namespace grammut {

SlowEntries::SlowEntries()
    : entries_(kMaxEntries), median_(50, kWindow, kResort) {
  fast_.reserve(kFastRing);
}

void SlowEntries::Add(uint64_t root, double seconds) {
  if (!(seconds > 0)) return;
  median_.Add(seconds);
  Runs* runs = entries_.Find(root);
  if (runs == nullptr) {
    entries_.Put(root, Runs{});
    runs = entries_.Find(root);
  }
  runs->seconds += seconds;
  ++runs->count;
  // Judged once, when first measured enough: a fast one may stand in.
  if (runs->count == kMinRuns && median() > 0 &&
      runs->seconds / runs->count <= 2 * median()) {
    if (fast_.size() < kFastRing) {
      fast_.push_back(root);
    } else {
      fast_[fast_next_] = root;
      fast_next_ = (fast_next_ + 1) % kFastRing;
    }
  }
}

double SlowEntries::AvoidChance(uint64_t root) const {
  const double median = this->median();
  if (median <= 0) return 0;
  const Runs* runs = entries_.Find(root);
  if (runs == nullptr || runs->count < kMinRuns) return 0;
  const double mean = runs->seconds / runs->count;
  if (mean <= kSlowFactor * median) return 0;
  return 1 - kSlowFactor * median / mean;
}

uint64_t SlowEntries::PickFast(Rng& rng) const {
  if (fast_.empty()) return 0;
  return fast_[rng.Below(fast_.size())];
}

}  // namespace grammut
