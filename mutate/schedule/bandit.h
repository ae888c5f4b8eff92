// bandit.h: picks among arms by coverage gained per second, and forgets.
//
// Every arm (a family of mutations, or one operator) has a win count (its
// outputs that libFuzzer kept) and a cost (seconds: the mutation's own time
// plus the target's time running the output). Both are discounted: every
// win anywhere multiplies all statistics by (1 - 1/window), so the bandit
// remembers about the last `window` wins, whatever the discovery rate, and
// follows a run whose best arm changes. An arm's rate has a Gamma posterior
// Gamma(wins + a0, cost + b0) whose prior mean is the pooled rate (an arm
// without data looks average).
//
// Two policies:
//   kThompson      P(arm) = the posterior probability that it has the best
//                  rate (Monte Carlo over Gamma draws): converges to the
//                  best arm, explores by uncertainty. For few arms.
//   kProportional  P(arm) ~ prior share x posterior mean rate: keeps a mix.
// Either way every enabled arm keeps a floor: with `floor_by_time`, a share
// of the expected time (so a slow arm cannot hide behind a call share),
// otherwise a share of the calls (floor x its prior share).
//
// Probabilities are recomputed every `refresh` picks or after a win, with
// the caller's Rng, so the same call sequence gives the same picks.
#ifndef GRAMMUT_MUTATE_SCHEDULE_BANDIT_H_
#define GRAMMUT_MUTATE_SCHEDULE_BANDIT_H_

#include <cstdint>
#include <vector>

#include "base/rng.h"

namespace grammut {

class Bandit {
 public:
  enum class Policy { kThompson, kProportional };
  struct Options {
    Policy policy = Policy::kProportional;
    double window = 100;  // wins remembered
    double floor = 0.05;  // exploration floor (see above)
    bool floor_by_time = false;
    int refresh = 64;      // picks between recomputations
    bool adaptive = true;  // false: always the prior shares
  };

  // `prior` gives each arm's share before any data (0 disables the arm).
  Bandit(std::vector<double> prior, Options options);

  // Pick draws an arm among those whose bit is set in `allowed` (arms >= 64
  // are always allowed); -1 if none is enabled and allowed.
  int Pick(Rng& rng, uint64_t allowed = ~uint64_t{0});
  // Charge adds `seconds` of cost for one output of `arm`.
  void Charge(int arm, double seconds);
  // Win credits `arm` with one kept output, or `amount` of one (a kept
  // output worth less, e.g. a reduction); the forgetting scales alike.
  void Win(int arm, double amount = 1.0);
  // Enables or disables an arm (keeps its statistics).
  void SetEnabled(int arm, bool enabled);

  int size() const { return static_cast<int>(prior_.size()); }
  bool enabled(int arm) const { return prior_[arm] > 0 && enabled_[arm]; }
  // Totals since the start (not discounted), for reports.
  uint64_t uses(int arm) const { return total_uses_[arm]; }
  uint64_t wins(int arm) const { return total_wins_[arm]; }
  double seconds(int arm) const { return total_seconds_[arm]; }
  // The current probability of each arm (before `allowed` masks).
  double probability(int arm) const { return p_[arm]; }
  // Discounted statistics, for tests.
  double recent_wins(int arm) const { return wins_[arm]; }
  double recent_seconds(int arm) const { return seconds_[arm]; }

 private:
  void Refresh(Rng& rng);
  void ApplyTimeFloor();

  std::vector<double> prior_;  // normalized over all arms
  std::vector<bool> enabled_;
  Options options_;
  std::vector<double> wins_, seconds_, uses_;  // discounted
  std::vector<uint64_t> total_uses_, total_wins_;
  std::vector<double> total_seconds_;
  std::vector<double> p_;
  std::vector<double> draws_;  // scratch
  std::vector<int> best_count_;
  int since_refresh_ = 0;
  bool dirty_ = true;
};

// SampleGamma draws from Gamma(shape, 1) (Marsaglia and Tsang).
double SampleGamma(double shape, Rng& rng);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_SCHEDULE_BANDIT_H_
