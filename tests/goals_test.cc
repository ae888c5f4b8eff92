// Tests for goal-directed learning (goals.h) and harness feedback in the
// Mutator: what is learned from, what scores, when a rule is reset.
#include "mutate/goals.h"

#include "parse/parser.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using Fate = Mutator::Fate;
using Verdict = HarnessFeedback::Verdict;

TEST(GoalMix, ParsesSingleGoalsMixesAndRefusesTheRest) {
  EXPECT_TRUE(ParseGoalMix("").value().coverage_only());
  EXPECT_TRUE(ParseGoalMix("coverage").value().coverage_only());
  // A single goal weighs 10, the others 1 (FdLoop).
  EXPECT_EQ(ParseGoalMix("time").value().ToString(),
            "coverage:1,failures:1,time:10,complexity:1");
  EXPECT_EQ(ParseGoalMix("time:3, coverage:1").value().ToString(),
            "coverage:1,time:3");
  EXPECT_EQ(ParseGoalMix("failures:2").value().ToString(), "failures:2");
  EXPECT_EQ(ParseGoalMix("speed").status().message(),
            "GRAMMUT_GOAL: 'speed' is not one of coverage, failures, time, "
            "complexity");
  EXPECT_FALSE(ParseGoalMix("time:-1").ok());
  EXPECT_FALSE(ParseGoalMix("time:x").ok());
  EXPECT_FALSE(ParseGoalMix("time:0,coverage:0").ok());
}

TEST(GoalTracker, NewFailureSitesCountDouble) {
  GoalTracker t(ParseGoalMix("failures:1").value());
  HarnessFeedback f;
  EXPECT_EQ(t.Score(true, f, 0), 0);  // coverage weighs 0 here
  f.failures = 1;
  f.failure_site = 7;
  EXPECT_EQ(t.Score(false, f, 0), 2);
  EXPECT_EQ(t.Score(false, f, 0), 1);
  f.failure_site = 8;
  EXPECT_EQ(t.Score(false, f, 0), 2);
  EXPECT_EQ(t.failures(), 3u);
  EXPECT_EQ(t.failure_sites(), 2u);
  EXPECT_EQ(t.goal_wins(), 3u);
}

TEST(GoalTracker, OnlyRunsSlowerThanMostScoreForTime) {
  GoalTracker t(ParseGoalMix("time:1").value());
  HarnessFeedback f;
  f.run_seconds = 1e-3;
  // A window's worth of equal runs: none is slower than the rest.
  for (int i = 0; i < 600; ++i) EXPECT_EQ(t.Score(false, f, 0), 0) << i;
  f.run_seconds = 5e-3;  // the slowest yet: double
  EXPECT_EQ(t.Score(false, f, 0), 2);
  f.run_seconds = 1e-3;
  EXPECT_EQ(t.Score(false, f, 0), 0);
  EXPECT_DOUBLE_EQ(t.slowest_seconds(), 5e-3);
}

TEST(GoalTracker, APlateauAsksForOneResetThenWaitsAgain) {
  GoalTracker t(ParseGoalMix("failures").value(), /*plateau=*/3);
  HarnessFeedback none;
  for (int i = 0; i < 2; ++i) {
    t.Score(false, none, 0);
    EXPECT_FALSE(t.TakePlateau());
  }
  t.Score(false, none, 0);
  EXPECT_TRUE(t.TakePlateau());
  EXPECT_FALSE(t.TakePlateau());
  EXPECT_EQ(t.resets(), 1u);
  // Coverage alone never resets anything (grammut's default).
  GoalTracker c(GoalMix{}, 1);
  c.Score(false, none, 0);
  c.Score(false, none, 0);
  EXPECT_FALSE(c.TakePlateau());
}

TEST(GoalTracker, CountsDistinctRules) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto flat = parser.Parse("1");
  auto nested = parser.Parse("{\"a\": [1, {\"b\": null}]}");
  ASSERT_TRUE(flat.ok() && nested.ok());
  std::vector<uint8_t> seen;
  const int a = CountDistinctRules(flat->tree, &seen);
  const int b = CountDistinctRules(nested->tree, &seen);
  EXPECT_GE(a, 1);
  EXPECT_GT(b, a);  // objects, pairs and arrays add rules
}

// A mutator with `goal` and one clean grammar output made from `input`.
std::unique_ptr<Mutator> MutatedOnce(const std::string& goal,
                                     const std::string& input,
                                     bool validity = false) {
  MutatorConfig config;
  config.validity = validity;
  config.arms = "regenerate";
  config.goal = ParseGoalMix(goal).value();
  auto m = std::move(*Mutator::Create(config, testing::LoadShipped("json")));
  for (unsigned seed = 1;; ++seed) {
    std::string op;
    m->MutateString(input, 4096, seed, &op);
    if (op != "bytes") break;
    m->ReportOutcome(Fate::kDiscarded, 1e-6);
  }
  return m;
}

const char kInput[] = "{\"a\": [1, 2, {\"b\": true}]}";

TEST(MutatorFeedback, KeptValidOutputsAreLearnedInvalidOnesAreNot) {
  auto m = MutatedOnce("", kInput, /*validity=*/true);
  const int64_t before = m->weights().trees();
  HarnessFeedback invalid;
  invalid.verdict = Verdict::kInvalid;
  m->ReportOutcome(Fate::kKept, 1e-6, invalid);
  EXPECT_EQ(m->weights().trees(), before);
  EXPECT_EQ(m->stats().invalid, 1u);
  EXPECT_EQ(m->stats().kept, 1u);

  auto v = MutatedOnce("", kInput, /*validity=*/true);
  const int64_t v_before = v->weights().trees();
  HarnessFeedback valid;
  valid.verdict = Verdict::kValid;
  v->ReportOutcome(Fate::kKept, 1e-6, valid);
  EXPECT_EQ(v->weights().trees(), v_before + 1);
  EXPECT_EQ(v->stats().valid, 1u);
}

TEST(MutatorFeedback, VerdictsAreIgnoredUnlessValidityIsOn) {
  auto m = MutatedOnce("", kInput);  // GRAMMUT_VALIDITY's default: off
  const int64_t before = m->weights().trees();
  HarnessFeedback invalid;
  invalid.verdict = Verdict::kInvalid;
  m->ReportOutcome(Fate::kKept, 1e-6, invalid);
  EXPECT_EQ(m->weights().trees(), before + 1);  // learned as before
  EXPECT_EQ(m->stats().invalid, 0u);
}

TEST(MutatorFeedback, FailuresGoalLearnsFromAFailingOutputNotKept) {
  auto m = MutatedOnce("failures", kInput);
  const int64_t before = m->weights().trees();
  HarnessFeedback failing;
  failing.failures = 1;
  failing.failure_site = 3;
  m->ReportOutcome(Fate::kDiscarded, 1e-6, failing);
  EXPECT_EQ(m->weights().trees(), before + 1);
  EXPECT_EQ(m->goals().failures(), 1u);
  EXPECT_NE(m->StatsLine().find("failures 1 at 1 sites"), std::string::npos)
      << m->StatsLine();

  // The default goal (coverage) counts the failure but learns nothing.
  auto c = MutatedOnce("", kInput);
  const int64_t c_before = c->weights().trees();
  c->ReportOutcome(Fate::kDiscarded, 1e-6, failing);
  EXPECT_EQ(c->weights().trees(), c_before);
  EXPECT_EQ(c->goals().failures(), 1u);
}

TEST(Weights, ResetRuleForgetsOnlyThatRule) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto r = parser.Parse("[1, [true, null], {\"a\": \"b\"}]");
  ASSERT_TRUE(r.ok());
  Weights w(*g);
  w.AddTree(r->tree, 2.0);
  int reset_rule = -1, other_decision = -1;
  for (int d = 0; d < g->num_decisions(); ++d) {
    if (w.total(d) == 0) continue;
    if (reset_rule < 0) {
      reset_rule = g->decision(d).rule;
    } else if (g->decision(d).rule != reset_rule && other_decision < 0) {
      other_decision = d;
    }
  }
  ASSERT_GE(reset_rule, 0);
  ASSERT_GE(other_decision, 0);
  const double other = w.total(other_decision);
  w.ResetRule(reset_rule);
  for (int d = 0; d < g->num_decisions(); ++d) {
    if (g->decision(d).rule == reset_rule) EXPECT_EQ(w.total(d), 0) << d;
  }
  EXPECT_EQ(w.total(other_decision), other);
  EXPECT_GT(other, 0);
}

}  // namespace
}  // namespace grammut
