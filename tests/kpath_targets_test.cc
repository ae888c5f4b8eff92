// Tests for KPathTargets and the k-path-directed regeneration operator.
#include "kpath/kpath_targets.h"

#include "absl/container/flat_hash_set.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "mutate/operators/operators.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

TEST(KPathTargets, LearnedTreesCoverTheirPathsAndLeaveTheRest) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto r = parser.Parse("[1, 2]");
  ASSERT_TRUE(r.ok());
  KPathTargets t(*g, 2);
  ASSERT_GT(t.total(), 0u);
  EXPECT_EQ(t.covered(), 0u);
  t.AddTree(r->tree);
  const size_t after_array = t.covered();
  EXPECT_GT(after_array, 0u);
  EXPECT_LT(after_array, t.total());
  t.AddTree(r->tree);  // nothing new
  EXPECT_EQ(t.covered(), after_array);
  // Every target drawn now is one "[1, 2]" does not hold.
  Rng rng(1);
  for (int i = 0; i < 50; ++i) {
    KPathTargets::Target target;
    ASSERT_TRUE(t.PickUncovered(rng, &target));
    EXPECT_FALSE(t.Holds(r->tree, target.hash));
  }
  // An object adds the paths of objects and pairs.
  auto obj = parser.Parse("{\"a\": {\"b\": [true, null, \"c\"]}}");
  ASSERT_TRUE(obj.ok());
  t.AddTree(obj->tree);
  EXPECT_GT(t.covered(), after_array);
}

TEST(KPathTargets, NothingToPickOnceEveryPathIsCovered) {
  auto g = testing::LoadShipped("json");
  KPathTargets t(*g, 1);  // 1-paths: the rule references themselves
  Parser parser(*g);
  auto r = parser.Parse(
      "{\"a\": [1, \"s\", true, {}, [], {\"b\": 1, \"c\": [2, 3]}]}");
  ASSERT_TRUE(r.ok());
  Rng rng(3);
  KPathTargets::Target target;
  EXPECT_TRUE(t.PickUncovered(rng, &target));
  t.AddTree(r->tree);
  EXPECT_EQ(t.covered(), t.total());
  EXPECT_FALSE(t.PickUncovered(rng, &target));
}

// A steered derivation of a target's rule holds the target's last symbol
// as a child of its root, for every 2-path of SQL and Lua that has a route
// (nearly all): one derivation each, no retries.
TEST(KPathTargets, SteeredDerivationsHoldTheirTargets) {
  for (const std::string name : {"sqlite", "lua"}) {
    testing::LearnedKit kit(name);
    KPathTargets t(*kit.grammar, 2);
    Rng rng(5);
    size_t steered = 0, held = 0;
    KPathTargets::Target target;
    absl::flat_hash_set<uint64_t> seen;
    // Drawing with replacement: stop once a few thousand were tried.
    for (int draw = 0; draw < 3000 && t.PickUncovered(rng, &target); ++draw) {
      if (!seen.insert(target.hash).second) continue;
      RouteSteer* steer = t.SteerWithin(target, &rng);
      if (steer == nullptr) continue;
      ++steered;
      GenerateOptions options;
      options.max_bytes = 1 << 16;
      options.steer = steer;
      Tree out;
      ASSERT_TRUE(kit.generator.Generate(target.rule, rng, options, &out))
          << kit.grammar->rule_name(target.rule);
      ASSERT_TRUE(steer->done() && !steer->gave_up());
      held += t.HasSymbol(out, target.last) ? 1 : 0;
    }
    EXPECT_GT(steered, 200u) << name;
    EXPECT_EQ(held, steered) << name;
  }
}

TEST(KPathOperator, ReachesUncoveredPathsMoreOftenThanPlainRegeneration) {
  // Uniform mode without a weights file turns learning off, so the
  // operator's targets come from an explicitly learned input instead:
  // use learned mode with the input as the only corpus entry.
  const std::string input = "[1, [2, 3], 4]";
  MutatorConfig config;
  config.mode = ModePolicy::kLearned;
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto in = parser.Parse(input);
  ASSERT_TRUE(in.ok());
  KPathTargets before(*g, 2);
  before.AddTree(in->tree);
  auto count = [&](const std::string& arm) {
    config.arms = arm;
    auto m = std::move(*Mutator::Create(config, testing::LoadShipped("json")));
    int fresh = 0;
    for (unsigned seed = 0; seed < 200; ++seed) {
      const std::string out = m->MutateString(input, 4096, seed);
      m->ReportOutcome(Mutator::Fate::kDiscarded, 1e-6);
      auto t = parser.Parse(out);
      if (!t.ok() || t->syntax_errors != 0) continue;
      KPathTargets after(*g, 2);
      after.AddTree(in->tree);
      after.AddTree(t->tree);
      if (after.covered() > before.covered()) ++fresh;
    }
    return fresh;
  };
  const int kpath = count("kpath"), regenerate = count("regenerate");
  // Deterministic (same seeds, fresh mutators): the steering shows.
  EXPECT_GT(kpath, regenerate) << kpath << " vs " << regenerate;
  EXPECT_GT(kpath, 100) << "of 200";
}

}  // namespace
}  // namespace grammut
