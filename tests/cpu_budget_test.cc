// The CPU budget's controller, driven with simulated CPU times: a model
// fuzzer whose grammut share falls as more grammar calls are throttled.
#include "mutate/cpu_budget.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace grammut {
namespace {

constexpr int64_t kSecond = 1000000000;

// A simulated process: each step is 0.1 s of process CPU, of which grammut
// takes `fixed` (parsing, bytes calls) plus `grammar` times the share of
// grammar calls the throttle leaves.
struct Model {
  double fixed, grammar;
  int64_t own = 0, process = 0;

  double Share(double throttle) const {
    return fixed + grammar * (1 - throttle);
  }
  // Runs `seconds` of process CPU with `budget` fed every step.
  void Run(CpuBudget& budget, double seconds) {
    for (int i = 0; i < static_cast<int>(seconds * 10); ++i) {
      const int64_t step = kSecond / 10;
      own += static_cast<int64_t>(Share(budget.throttle()) * step);
      process += step;
      budget.Update(own, process);
    }
  }
};

TEST(CpuBudget, NothingIsThrottledUnderTheBudget) {
  CpuBudget budget(0.09);
  Model m{0.01, 0.05};
  m.Run(budget, 120);
  EXPECT_EQ(budget.throttle(), 0);
  EXPECT_NEAR(budget.recent_share(), 0.06, 0.001);
}

TEST(CpuBudget, NothingIsThrottledDuringTheWarmUp) {
  CpuBudget budget(0.09);
  Model m{0.0, 0.9};
  m.Run(budget, CpuBudget::kWarmUpSeconds - 0.5);
  EXPECT_EQ(budget.throttle(), 0);
  EXPECT_EQ(budget.recent_share(), 0);
}

TEST(CpuBudget, ThrottleSettlesWhereTheShareMeetsTheBudget) {
  CpuBudget budget(0.09);
  Model m{0.02, 0.30};  // unthrottled: 32%; at the budget: 77% throttled
  m.Run(budget, 120);
  EXPECT_NEAR(m.Share(budget.throttle()), 0.09, 0.005);
  EXPECT_NEAR(budget.throttle(), 1 - 0.07 / 0.30, 0.02);
  // The load falls (the target got slower): the throttle opens again.
  m.grammar = 0.05;
  m.Run(budget, 120);
  EXPECT_EQ(budget.throttle(), 0);
}

TEST(CpuBudget, GrammarKeepsAShareWhenTheBudgetCannotBeMet) {
  CpuBudget budget(0.09);
  Model m{0.20, 0.60};  // over the budget even with every call throttled
  m.Run(budget, 120);
  EXPECT_DOUBLE_EQ(budget.throttle(), CpuBudget::kMaxThrottle);
}

TEST(CpuBudget, ABudgetOfZeroIsOff) {
  CpuBudget budget(0);
  EXPECT_FALSE(budget.active());
  Model m{0.5, 0.5};
  m.Run(budget, 60);
  EXPECT_EQ(budget.throttle(), 0);
}

}  // namespace
}  // namespace grammut
