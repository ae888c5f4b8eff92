// goals.h: what the grammar's probabilities are learned toward (FdLoop).
//
// By default grammut learns from the outputs libFuzzer keeps (new
// coverage). FdLoop (Eberlein et al.) lets the user pick the goal instead:
// GRAMMUT_GOAL=coverage | failures | time | complexity, or a weighted mix
// "time:3,coverage:1". A single goal weighs 10 and the others 1, as in the
// paper. Every output gets a score, the weighted sum of what it achieved:
//   coverage    libFuzzer kept it;
//   failures    the target reported a handled failure while running it
//               (grammut/feedback.h); a failure site never seen before
//               counts double;
//   time        its run took longer than the 90th percentile of recent runs
//               (and longer than anything before counts double);
//   complexity  libFuzzer kept it and it uses more than the 90th percentile
//               of distinct grammar rules of recent outputs (FdLoop's
//               "input features x code reached", with rules as the
//               features and "kept" as the code).
// An output with a score above 0 is learned from (its choices count
// `score` times into the weights) and is a win for the arm that made it.
// FdLoop's grammar mutation escapes plateaus: after `plateau` outputs in a
// row without a goal score, the learned counts of one rule with a choice
// are reset (its alternatives become equally likely).
#ifndef GRAMMUT_MUTATE_GOALS_H_
#define GRAMMUT_MUTATE_GOALS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/running_quantile.h"
#include "tree/tree.h"

namespace grammut {

// What the fuzz target reported about one output while it ran it.
struct HarnessFeedback {
  enum class Verdict : uint8_t { kNone, kValid, kInvalid };
  Verdict verdict = Verdict::kNone;
  int failures = 0;           // handled failures reported
  uint32_t failure_site = 0;  // the last one's site
  double run_seconds = 0;     // the target's time on it (0: not measured)
  // Bytes of it the target read before it stopped (grammut_report_read);
  // -1: not reported (all of it, as far as anyone knows).
  int64_t read_bytes = -1;
  // Coverage features the run reached first (the engine's glue counts
  // them); 0 means a kept output only made an entry smaller; -1: unknown.
  int new_features = -1;
  // Of those, features of counters no earlier run reached at all: new
  // code, not a new hit count of known code; -1: unknown.
  int new_edges = -1;
};

// Weights of the goals.
struct GoalMix {
  double coverage = 1, failures = 0, time = 0, complexity = 0;
  // Only coverage: grammut's default behaviour.
  bool coverage_only() const {
    return failures == 0 && time == 0 && complexity == 0;
  }
  // "coverage", "time", ... or "time:3,coverage:1" (the canonical form).
  std::string ToString() const;
};

// ParseGoalMix reads GRAMMUT_GOAL's syntax; empty means coverage.
absl::StatusOr<GoalMix> ParseGoalMix(absl::string_view spec);

// GoalTracker scores outputs and detects plateaus.
class GoalTracker {
 public:
  // `plateau`: outputs without a goal score before a rule is reset.
  explicit GoalTracker(const GoalMix& mix, uint64_t plateau = 20000);

  // Score of one output: `kept` by the fuzzer, `feedback` from the target,
  // `distinct_rules` its tree uses (0: no tree). Updates the percentiles.
  double Score(bool kept, const HarnessFeedback& feedback, int distinct_rules);
  // True once per plateau: time to reset one rule's counts.
  bool TakePlateau();

  const GoalMix& mix() const { return mix_; }
  uint64_t failures() const { return failures_; }
  size_t failure_sites() const { return sites_.size(); }
  double slowest_seconds() const { return slowest_; }
  uint64_t goal_wins() const { return wins_; }
  uint64_t resets() const { return resets_; }

 private:
  // Adds `v` to the running 90th percentile `p90`; returns whether `v` is
  // above it (never before a window's worth of values).
  static bool AddAndCheck(RunningQuantile& p90, double v);

  GoalMix mix_;
  uint64_t plateau_;
  RunningQuantile run_time_, rules_;
  absl::flat_hash_set<uint32_t> sites_;
  uint64_t failures_ = 0, wins_ = 0, resets_ = 0, since_win_ = 0;
  double slowest_ = 0;
};

// Number of distinct rules among the rule nodes of `tree`; `seen` is
// scratch (reused, no allocation once large enough).
int CountDistinctRules(const Tree& tree, std::vector<uint8_t>* seen);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_GOALS_H_
