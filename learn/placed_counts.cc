#include "learn/placed_counts.h"

#include <vector>

namespace grammut {

static_assert(DecisionPlace::kDepth == 2, "KeyAt holds two levels");

PlacedCounts::Key PlacedCounts::KeyAt(int decision, const DecisionPlace& place,
                                      int level) {
  return Key(decision, place.rules[0], level == 2 ? place.rules[1] : kLevelOne);
}

void PlacedCounts::Add(int decision, int num_alts, const DecisionPlace& place,
                       int alt, double n) {
  if (alt < 1 || alt > num_alts) return;
  for (int level = 1; level <= place.known(); ++level) {
    auto it = entries_.find(KeyAt(decision, place, level));
    if (it == entries_.end()) {
      if (entries_.size() >= kMaxEntries) continue;
      it = entries_.try_emplace(KeyAt(decision, place, level)).first;
      it->second.counts.assign(num_alts, 0.0);
      // Its probabilities, once asked for, take as much again per mode.
      vector_bytes_ += 3 * sizeof(double) * static_cast<size_t>(num_alts);
    }
    Entry& e = it->second;
    e.counts[alt - 1] += n;
    e.total += n;
    e.smoothing[0] = e.smoothing[1] = -1;
  }
}

const std::vector<double>* PlacedCounts::Probabilities(
    int decision, const DecisionPlace& place, ProbabilityMode mode,
    double smoothing) const {
  const int m = mode == ProbabilityMode::kInverse ? 1 : 0;
  for (int level = place.known(); level >= 1; --level) {
    auto it = entries_.find(KeyAt(decision, place, level));
    if (it == entries_.end() || it->second.total < kMinTotal) continue;
    const Entry& e = it->second;
    if (e.smoothing[m] != smoothing) {
      ProbabilitiesFromCounts(e.counts, mode, smoothing, &e.probabilities[m]);
      e.smoothing[m] = smoothing;
    }
    return &e.probabilities[m];
  }
  return nullptr;
}

size_t PlacedCounts::MemoryBytes() const {
  return entries_.capacity() * (sizeof(Key) + sizeof(Entry) + 1) +
         vector_bytes_;
}

void PlacedCounts::Forget(absl::FunctionRef<bool(int decision)> drop) {
  absl::erase_if(entries_,
                 [&](const auto& kv) { return drop(std::get<0>(kv.first)); });
}

}  // namespace grammut
