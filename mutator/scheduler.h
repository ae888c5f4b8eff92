// scheduler.h: picks operators (and probability modes) by their credit.
//
// An adaptive bandit: every arm (an operator, or a probability mode) counts
// how often it was used and how often its output was admitted to the corpus
// (new coverage). Arms are drawn with probability
//   floor / K + (1 - floor) * r_i / sum_j r_j,   r_i = (wins_i + 1) / (uses_i +
//   2)
// so proven arms are used more and none starves. With adaptation off (or no
// credit yet) every arm has its fixed base weight.
#ifndef GRAMMUT_MUTATOR_SCHEDULER_H_
#define GRAMMUT_MUTATOR_SCHEDULER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grammar_runtime/rng.h"

namespace grammut {

class Scheduler {
 public:
  // `base` gives each arm's weight before any credit (0 disables an arm).
  Scheduler(std::vector<double> base, bool adaptive, double floor = 0.2);

  // Pick draws an arm among those with `allowed[i]` true (all if empty).
  int Pick(Rng& rng, const std::vector<bool>& allowed = {}) const;
  // Use notes that arm `i` produced an output; Win that one was admitted.
  void Use(int i) { ++uses_[i]; }
  void Win(int i) { ++wins_[i]; }

  uint64_t uses(int i) const { return uses_[i]; }
  uint64_t wins(int i) const { return wins_[i]; }
  int size() const { return static_cast<int>(base_.size()); }

 private:
  std::vector<double> base_;
  bool adaptive_;
  double floor_;
  std::vector<uint64_t> uses_, wins_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_SCHEDULER_H_
