// placed_counts.h: a decision's alternatives counted per place.
//
// Weights count each decision's alternatives over all its uses; these
// count them once more per DecisionPlace (decision_place.h), at each level:
// under the innermost enclosing rule, and under the two innermost. Learned
// generation then draws an alternative by the most specific level with
// enough observations (kMinTotal), else falls back to the decision's
// overall counts, as in a back-off language model: inputs keep the
// structure they show in the place where it stands. Entries are capped
// (kMaxEntries); past the cap, new places are not counted.
#ifndef GRAMMUT_GRAMMAR_RUNTIME_PLACED_COUNTS_H_
#define GRAMMUT_GRAMMAR_RUNTIME_PLACED_COUNTS_H_

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "grammar_runtime/decision_place.h"

namespace grammut {

class PlacedCounts {
 public:
  // The most (decision, place level) entries kept.
  static constexpr size_t kMaxEntries = size_t{1} << 16;
  // Observations a place needs before its counts are used.
  static constexpr double kMinTotal = 4;

  // Adds `n` to alternative `alt` (1-based, of `num_alts`) of `decision` at
  // every known level of `place`.
  void Add(int decision, int num_alts, const DecisionPlace& place, int alt,
           double n);
  // Learned probabilities of `decision`'s alternatives at the most specific
  // level of `place` with at least kMinTotal observations (p_i = (c_i + s) /
  // (sum + n s), s = `smoothing`), or null if no level has.
  const std::vector<double>* Learned(int decision, const DecisionPlace& place,
                                     double smoothing) const;
  // Forgets the counts of every decision for which `drop` is true.
  void Forget(absl::FunctionRef<bool(int decision)> drop);
  // Forgets everything.
  void Clear() { entries_.clear(); }
  // Entries held.
  size_t size() const { return entries_.size(); }

 private:
  // (decision, rules[0], rules[1] or kLevelOne for the one-rule level).
  using Key = std::tuple<int32_t, int32_t, int32_t>;
  static constexpr int32_t kLevelOne = -3;
  struct Entry {
    std::vector<double> counts;
    double total = 0;
    mutable std::vector<double> probabilities;
    mutable double smoothing = -1;  // of `probabilities`; -1: stale
  };
  static Key KeyAt(int decision, const DecisionPlace& place, int level);

  absl::flat_hash_map<Key, Entry> entries_;
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_PLACED_COUNTS_H_
