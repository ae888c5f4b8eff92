// placed_counts.h: a decision's alternatives counted per place.
//
// Weights count each decision's alternatives over all its uses; these
// count them once more per DecisionPlace (decision_place.h), at each level:
// under the innermost enclosing rule, and under the two innermost.
// Generation can then draw an alternative by the most specific level with
// enough observations (kMinTotal), else fall back to the decision's overall
// counts, as in a back-off language model: in learned mode inputs keep the
// structure they show in the place where it stands; in inverse mode they
// take what that place has not shown. Entries are capped (kMaxEntries);
// past the cap, new places are not counted.
#ifndef GRAMMUT_LEARN_PLACED_COUNTS_H_
#define GRAMMUT_LEARN_PLACED_COUNTS_H_

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "learn/decision_place.h"
#include "generate/probability_mode.h"

namespace grammut {

class PlacedCounts {
 public:
  // The most (decision, place level) entries kept.
  static constexpr size_t kMaxEntries = size_t{1} << 14;
  // Observations a place needs before its counts are used.
  static constexpr double kMinTotal = 4;

  // Adds `n` to alternative `alt` (1-based, of `num_alts`) of `decision` at
  // every known level of `place`.
  void Add(int decision, int num_alts, const DecisionPlace& place, int alt,
           double n);
  // Probabilities in `mode` (learned or inverse, probability_mode.h) of
  // `decision`'s alternatives at the most specific level of `place` with at
  // least kMinTotal observations, or null if no level has.
  const std::vector<double>* Probabilities(int decision,
                                           const DecisionPlace& place,
                                           ProbabilityMode mode,
                                           double smoothing) const;
  // Forgets the counts of every decision for which `drop` is true.
  void Forget(absl::FunctionRef<bool(int decision)> drop);
  // Forgets everything.
  void Clear() {
    entries_.clear();
    vector_bytes_ = 0;
  }
  // Entries held.
  size_t size() const { return entries_.size(); }
  // Bytes held (entries, their vectors and the table), about.
  size_t MemoryBytes() const;

 private:
  // (decision, rules[0], rules[1] or kLevelOne for the one-rule level).
  using Key = std::tuple<int32_t, int32_t, int32_t>;
  static constexpr int32_t kLevelOne = -3;
  struct Entry {
    std::vector<double> counts;
    double total = 0;
    // Per mode (learned, inverse): cached probabilities, and the smoothing
    // they were made with (-1: stale).
    mutable std::vector<double> probabilities[2];
    mutable double smoothing[2] = {-1, -1};
  };
  static Key KeyAt(int decision, const DecisionPlace& place, int level);

  absl::flat_hash_map<Key, Entry> entries_;
  size_t vector_bytes_ = 0;  // the entries' counts and probabilities
};

}  // namespace grammut

#endif  // GRAMMUT_LEARN_PLACED_COUNTS_H_
