// cpu_budget.h: holds grammut's recent share of the fuzzer's CPU time near
// a budget (GRAMMUT_CPU_SHARE).
//
// The front end feeds it the CPU time grammut has used (its calls and its
// parse helper) and the process's, both cumulative, every few calls. Over
// windows of a few CPU seconds it compares grammut's share with the budget
// and moves a throttle: the fraction of the calls that would have taken a
// grammar operator that take libFuzzer's own (cheap) mutations instead.
// The throttle moves multiplicatively and by half the gap each window, so
// it settles instead of flipping between all and nothing, and it never
// passes kMaxThrottle: the grammar keeps a share of the calls even on a
// target so fast that grammut's cheapest work is over any budget. Nothing
// is throttled during the first kWarmUpSeconds of process CPU time (loading
// and parsing the seed corpus is not the steady state), nor ever with a
// budget of 0.
#ifndef GRAMMUT_MUTATE_CPU_BUDGET_H_
#define GRAMMUT_MUTATE_CPU_BUDGET_H_

#include <cstdint>

namespace grammut {

class CpuBudget {
 public:
  // Process CPU seconds before the budget acts.
  static constexpr double kWarmUpSeconds = 5;
  // Process CPU seconds a window spans.
  static constexpr double kWindowSeconds = 2;
  // The largest throttle.
  static constexpr double kMaxThrottle = 0.95;

  // `share`: the budget as a fraction of CPU time (0: none).
  explicit CpuBudget(double share) : share_(share) {}

  // True with a budget (share > 0).
  bool active() const { return share_ > 0; }

  // Notes the cumulative CPU nanoseconds grammut and the whole process
  // (grammut included) have used; ends a window when it is long enough.
  void Update(int64_t own_ns, int64_t process_ns);

  // The fraction of grammar calls to turn into byte calls, in [0,
  // kMaxThrottle].
  double throttle() const { return throttle_; }
  // grammut's share of CPU in the last complete window (0 before one).
  double recent_share() const { return recent_share_; }

 private:
  double share_;
  int64_t window_own_ = -1, window_process_ = 0, first_process_ = -1;
  double throttle_ = 0, recent_share_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_CPU_BUDGET_H_
