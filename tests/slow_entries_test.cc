// Tests for RunningQuantile, SlowEntries and the mutator's use of them.
#include "mutate/slow_entries.h"

#include <set>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/running_quantile.h"
#include "gtest/gtest.h"
#include "mutate/config.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

TEST(RunningQuantile, TakesTheQuantileOfTheWindowEveryFewValues) {
  RunningQuantile median(50, /*window=*/4, /*every=*/4);
  median.Add(7);  // taken at the first value
  EXPECT_EQ(median.value(), 7);
  EXPECT_FALSE(median.ready());
  for (double v : {1, 2, 3}) median.Add(v);
  EXPECT_EQ(median.value(), 7);  // not taken again yet
  EXPECT_TRUE(median.ready());
  median.Add(4);  // the fifth value: taken of {4, 1, 2, 3} (7 left)
  EXPECT_EQ(median.value(), 3);
}

// The median is known after SlowEntries::kResort runs: entry 1000 makes
// them at 1 ms. Then entries 1..5 are measured at 1 ms (fast) and entry 99
// at 100 ms.
SlowEntries Measured() {
  SlowEntries slow;
  for (uint64_t i = 0; i < SlowEntries::kResort; ++i) slow.Add(1000, 1e-3);
  for (uint64_t e = 1; e <= 5; ++e) {
    for (uint32_t k = 0; k < SlowEntries::kMinRuns; ++k) slow.Add(e, 1e-3);
  }
  for (uint32_t k = 0; k < SlowEntries::kMinRuns; ++k) slow.Add(99, 0.1);
  return slow;
}

TEST(SlowEntries, AnEntryFarSlowerThanTheMedianIsLeftByItsExcess) {
  const SlowEntries slow = Measured();
  EXPECT_DOUBLE_EQ(slow.median(), 1e-3);
  // 100 times the median: left with chance 1 - kSlowFactor/100.
  EXPECT_DOUBLE_EQ(slow.AvoidChance(99), 1 - SlowEntries::kSlowFactor / 100);
  EXPECT_EQ(slow.AvoidChance(1), 0);
  EXPECT_EQ(slow.AvoidChance(12345), 0);  // never measured
}

TEST(SlowEntries, OnlyEntriesMeasuredFastStandIn) {
  const SlowEntries slow = Measured();
  std::set<uint64_t> picked;
  Rng rng(7);
  for (int i = 0; i < 200; ++i) picked.insert(slow.PickFast(rng));
  // Entry 1000 was measured before the median was known; 99 is slow.
  EXPECT_EQ(picked, (std::set<uint64_t>{1, 2, 3, 4, 5}));
}

TEST(SlowEntries, AnEntryIsJudgedOnlyAfterEnoughRuns) {
  SlowEntries slow;
  for (uint64_t i = 0; i < SlowEntries::kResort; ++i) slow.Add(1000, 1e-3);
  for (uint32_t k = 0; k + 1 < SlowEntries::kMinRuns; ++k) slow.Add(99, 1.0);
  EXPECT_EQ(slow.AvoidChance(99), 0);
  slow.Add(99, 1.0);
  EXPECT_GT(slow.AvoidChance(99), 0.98);
}

TEST(SlowEntries, UnmeasuredRunsChangeNothing) {
  SlowEntries slow;
  for (int i = 0; i < 1000; ++i) slow.Add(99, 0);
  EXPECT_EQ(slow.median(), 0);
  EXPECT_EQ(slow.AvoidChance(99), 0);
  Rng rng(1);
  EXPECT_EQ(slow.PickFast(rng), 0u);
}

// A mutator that has run the outputs of ten fast entries at 1 ms each and
// three of a slow one at 1 s, then mutates the slow one `tries` times;
// returns how many outputs hold a fast entry's key and not the slow one's.
int OutputsOfFastEntries(MutatorConfig config, int tries, Mutator** keep,
                         std::unique_ptr<Mutator>* owner) {
  config.arms = "regenerate";
  *owner = std::move(*Mutator::Create(config, testing::LoadShipped("json")));
  Mutator& m = **owner;
  *keep = &m;
  HarnessFeedback fast;
  fast.run_seconds = 1e-3;
  unsigned seed = 1;
  for (uint64_t i = 0; i < SlowEntries::kResort; ++i) {
    m.MutateString("[0]", 4096, seed++);
    m.ReportOutcome(Mutator::Fate::kDiscarded, 1e-3, fast);
  }
  for (int e = 0; e < 10; ++e) {
    const std::string entry = absl::StrCat("{\"fastkey\": ", e, "}");
    for (uint32_t k = 0; k < SlowEntries::kMinRuns; ++k) {
      m.MutateString(entry, 4096, seed++);
      m.ReportOutcome(Mutator::Fate::kDiscarded, 1e-3, fast);
    }
  }
  const std::string slow_entry = "{\"slowkey\": [1, 2, 3]}";
  HarnessFeedback slow;
  slow.run_seconds = 1.0;
  for (uint32_t k = 0; k < SlowEntries::kMinRuns; ++k) {
    m.MutateString(slow_entry, 4096, seed++);
    m.ReportOutcome(Mutator::Fate::kDiscarded, 1.0, slow);
  }
  int from_fast = 0;
  for (int i = 0; i < tries; ++i) {
    const std::string out = m.MutateString(slow_entry, 4096, seed++);
    m.ReportOutcome(Mutator::Fate::kDiscarded, 1.0, slow);
    if (absl::StrContains(out, "fastkey") &&
        !absl::StrContains(out, "slowkey")) {
      ++from_fast;
    }
  }
  return from_fast;
}

TEST(SlowEntries, TheMutatorMutatesAFastEntryInPlaceOfASlowOne) {
  Mutator* m = nullptr;
  std::unique_ptr<Mutator> owner;
  MutatorConfig config;
  config.slow_entries = true;
  EXPECT_GT(OutputsOfFastEntries(config, 20, &m, &owner), 0);
  EXPECT_GT(m->stats().slow_avoided, 0u);
}

TEST(SlowEntries, OffOrDeterministicEveryEntryIsMutatedAsGiven) {
  for (int variant = 0; variant < 2; ++variant) {
    MutatorConfig config;
    config.slow_entries = variant == 1;
    if (variant == 1) config.deterministic = true;  // run times not measured
    Mutator* m = nullptr;
    std::unique_ptr<Mutator> owner;
    OutputsOfFastEntries(config, 20, &m, &owner);
    EXPECT_EQ(m->stats().slow_avoided, 0u) << variant;
  }
}

}  // namespace
}  // namespace grammut
