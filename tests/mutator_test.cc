// Tests for the core Mutator and its operators.
#include "mutator/mutator.h"

#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "grammar_runtime/parser.h"
#include "gtest/gtest.h"
#include "mutator/loops.h"
#include "mutator/operators.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

std::unique_ptr<Mutator> MakeMutator(const std::string& grammar,
                                     ModePolicy mode = ModePolicy::kAdaptive) {
  MutatorConfig config;
  config.mode = mode;
  auto m = Mutator::Create(config, testing::LoadShipped(grammar));
  EXPECT_TRUE(m.ok()) << m.status();
  return std::move(*m);
}

std::vector<std::string> SampleTexts(const std::string& grammar) {
  std::vector<std::string> out;
  for (const std::string& f : testing::Samples(grammar)) {
    out.push_back(testing::ReadFileOrDie(f));
  }
  return out;
}

// Runs one operator many times over a grammar's samples; returns the
// (input, output) pairs it produced.
std::vector<std::pair<std::string, std::string>> RunOperator(
    const std::string& grammar, const std::string& op, int rounds = 200) {
  auto m = MakeMutator(grammar);
  // Let it see the corpus first (donor pool, token pool, weights).
  const auto samples = SampleTexts(grammar);
  for (const std::string& s : samples) m->MutateString(s, 1 << 16, 1);
  EXPECT_TRUE(m->RestrictOperators({op}).ok());
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = 0; i < rounds; ++i) {
    const std::string& in = samples[i % samples.size()];
    std::string used;
    std::string result = m->MutateString(in, 1 << 16, 1000 + i, &used);
    if (used == op) out.emplace_back(in, std::move(result));
  }
  return out;
}

class OperatorTest : public ::testing::TestWithParam<std::string> {};

// Every tree operator applies to real inputs, changes them, and (except
// token edits) keeps them valid.
TEST_P(OperatorTest, AppliesAndKeepsInputsValid) {
  const std::string op = GetParam();
  const bool byte_level = Operators()[FindOperator(op.c_str())].byte_level;
  for (const std::string grammar : {"json", "sqlite"}) {
    auto g = testing::LoadShipped(grammar);
    Parser parser(*g);
    auto results = RunOperator(grammar, op);
    EXPECT_GE(results.size(), 50u) << grammar << " " << op;
    int valid = 0;
    for (const auto& [in, out] : results) {
      EXPECT_NE(in, out);
      auto r = parser.Parse(out);
      ASSERT_TRUE(r.ok());
      valid += r->syntax_errors == 0;
    }
    if (!byte_level) {
      EXPECT_GE(valid * 100, static_cast<int>(results.size()) * 95)
          << grammar << " " << op;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(All, OperatorTest,
                         ::testing::Values("regenerate", "swap", "splice",
                                           "hoist", "recursive", "shortest",
                                           "loop-delete", "loop-duplicate",
                                           "loop-swap", "token-regenerate",
                                           "token-bytes", "bytes"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

TEST(Operators, ShrinkingOperatorsShrink) {
  for (const std::string op : {"hoist", "shortest", "loop-delete"}) {
    for (const auto& [in, out] : RunOperator("json", op)) {
      EXPECT_LT(out.size(), in.size()) << op;
    }
  }
}

TEST(Operators, LoopDuplicateRepeatsAnIteration) {
  auto results = RunOperator("json", "loop-duplicate");
  ASSERT_FALSE(results.empty());
  for (const auto& [in, out] : results) EXPECT_GT(out.size(), in.size());
  // A concrete case: [1, 2] gets one more ", 1"/", 2" or a repeated element.
  auto m = MakeMutator("json");
  ASSERT_TRUE(m->RestrictOperators({"loop-duplicate"}).ok());
  std::string op;
  const std::string out = m->MutateString("[1, 2]", 100, 3, &op);
  ASSERT_EQ(op, "loop-duplicate");
  EXPECT_TRUE(out == "[1, 2, 2]" || out == "[1, 2, 2, 2]") << out;
}

TEST(Operators, LoopDeleteRemovesAnIteration) {
  auto m = MakeMutator("json");
  ASSERT_TRUE(m->RestrictOperators({"loop-delete"}).ok());
  std::set<std::string> seen;
  for (unsigned seed = 0; seed < 40; ++seed) {
    std::string op;
    seen.insert(m->MutateString("[1, 2, 3]", 100, seed, &op));
  }
  EXPECT_TRUE(seen.count("[1, 2]") || seen.count("[1, 3]")) << *seen.begin();
}

TEST(Operators, FindLoopsSeesStarIterations) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto r = parser.Parse("[1, 2, 3, 4]");
  ASSERT_TRUE(r.ok());
  size_t most = 0;
  for (int i = 0; i < r->tree.size(); ++i) {
    if (!r->tree.node(i).is_rule) continue;
    for (const LoopInstance& loop : FindLoops(*g, r->tree, i)) {
      most = std::max(most, loop.iterations.size());
    }
  }
  EXPECT_EQ(most, 3u);  // ", 2" ", 3" ", 4"
}

// At least 99% of the tree-operator mutants of every sample corpus re-parse
// without syntax errors (token edits excluded).
TEST(Mutator, MutantsOfSampleCorporaStayValid) {
  for (const std::string& grammar : testing::ShippedGrammars()) {
    auto g = testing::LoadShipped(grammar);
    Parser parser(*g);
    auto m = MakeMutator(grammar);
    const auto samples = SampleTexts(grammar);
    int checked = 0, valid = 0;
    std::string first_bad;
    for (int i = 0; i < 1500; ++i) {
      std::string op;
      const std::string out =
          m->MutateString(samples[i % samples.size()], 8192, i, &op);
      if (op == "bytes" || op == "token-bytes" || op == "token-regenerate") {
        continue;
      }
      auto r = parser.Parse(out);
      ASSERT_TRUE(r.ok());
      ++checked;
      if (r->syntax_errors == 0) {
        ++valid;
      } else if (first_bad.empty()) {
        first_bad =
            absl::StrCat(op, ": ", out.substr(0, 300), "\n-> ", r->first_error);
      }
    }
    EXPECT_GE(valid * 100, checked * 99) << grammar << "\n" << first_bad;
    EXPECT_GT(checked, 1000) << grammar;
  }
}

TEST(Mutator, NeverExceedsMaxSize) {
  auto m = MakeMutator("json");
  const auto samples = SampleTexts("json");
  for (size_t max_size = 0; max_size <= 65536;
       max_size = max_size < 64 ? max_size + 1 : max_size * 2) {
    for (int i = 0; i < 20; ++i) {
      const std::string& in = samples[i % samples.size()];
      std::string buf = in;
      buf.resize(std::max(in.size(), max_size));
      const size_t n = m->Mutate(reinterpret_cast<uint8_t*>(buf.data()),
                                 in.size(), max_size, i);
      EXPECT_LE(n, max_size);
    }
  }
}

TEST(Mutator, SmallerMaxSizeShrinksAndStaysValid) {
  auto g = testing::LoadShipped("sqlite");
  Parser parser(*g);
  auto m = MakeMutator("sqlite");
  int valid = 0, total = 0;
  for (const std::string& s : SampleTexts("sqlite")) {
    std::string cur = s;
    for (int step = 0; step < 20; ++step) {
      std::string op;
      std::string out = m->MutateString(cur, cur.size() - 1, step, &op);
      ASSERT_LT(out.size(), cur.size());
      if (op == "bytes") break;
      auto r = parser.Parse(out);
      ++total;
      valid += r.ok() && r->syntax_errors == 0;
      cur = out;
    }
  }
  EXPECT_GT(total, 100);
  EXPECT_GE(valid * 100, total * 95);
}

TEST(Mutator, GarbageInputIsMutatedNotFatal) {
  auto m = MakeMutator("lua");
  Rng rng(1);
  for (int i = 0; i < 200; ++i) {
    std::string junk(rng.Below(2000), '\0');
    for (char& c : junk) c = static_cast<char>(rng.Next());
    const std::string out = m->MutateString(junk, 4096, i);
    EXPECT_LE(out.size(), 4096u);
  }
  // Over the parse limit: byte-level fallback.
  std::string big(200000, 'x');
  EXPECT_LE(m->MutateString(big, 300000, 1).size(), 300000u);
  EXPECT_GT(m->stats().parse_failures, 0u);
}

TEST(Mutator, FreshProcessesGiveTheSameSequence) {
  const auto samples = SampleTexts("xml");
  auto a = MakeMutator("xml");
  auto b = MakeMutator("xml");
  std::string cur_a = samples[0], cur_b = samples[0];
  for (int i = 0; i < 300; ++i) {
    const std::string& in_a = i % 7 == 0 ? samples[i % samples.size()] : cur_a;
    const std::string& in_b = i % 7 == 0 ? samples[i % samples.size()] : cur_b;
    cur_a = a->MutateString(in_a, 4096, i);
    cur_b = b->MutateString(in_b, 4096, i);
    ASSERT_EQ(cur_a, cur_b) << i;
  }
}

TEST(Mutator, WithLearningOffSameInputAndSeedGiveSameOutput) {
  auto m = MakeMutator("sqlite", ModePolicy::kUniform);
  const auto samples = SampleTexts("sqlite");
  std::map<std::pair<int, unsigned>, std::string> first;
  for (int round = 0; round < 3; ++round) {
    for (int s = 0; s < 5; ++s) {
      for (unsigned seed = 0; seed < 10; ++seed) {
        const std::string out = m->MutateString(samples[s], 4096, seed);
        auto [it, inserted] = first.emplace(std::make_pair(s, seed), out);
        if (!inserted) EXPECT_EQ(it->second, out) << s << " " << seed;
      }
    }
  }
}

TEST(Mutator, LearnsFromCorpusInputsAndCreditsAdmittedOutputs) {
  auto m = MakeMutator("json");
  const auto samples = SampleTexts("json");
  for (const std::string& s : samples) m->MutateString(s, 4096, 1);
  EXPECT_EQ(m->stats().learned, samples.size());
  EXPECT_EQ(m->weights().trees(), static_cast<int64_t>(samples.size()));
  // A chain step (our last output given back) is not learned.
  const std::string out1 = m->MutateString(samples[0], 4096, 2);
  const std::string out2 = m->MutateString(out1, 4096, 3);
  EXPECT_EQ(m->stats().credited, 0u);
  // An earlier output coming back means libFuzzer kept it: credit it.
  m->MutateString(out1, 4096, 4);
  EXPECT_EQ(m->stats().credited, 1u);
  uint64_t wins = 0;
  for (int i = 0; i < m->operator_scheduler().size(); ++i) {
    wins += m->operator_scheduler().wins(i);
  }
  EXPECT_EQ(wins, 1u);
  (void)out2;
}

TEST(Mutator, ParsesEachInputOnce) {
  auto m = MakeMutator("json");
  const std::string in = SampleTexts("json")[3];
  std::string cur = in;
  for (int i = 0; i < 50; ++i) cur = m->MutateString(i % 5 ? cur : in, 4096, i);
  // Misses: the input once, plus re-parses for learning; chained outputs hit.
  EXPECT_GE(m->cache().hits(), 45u);
}

TEST(Mutator, OutputEndingAShortChainIsKeptAsCorpusEntry) {
  auto m = MakeMutator("json");
  const std::vector<std::string> samples = SampleTexts("json");
  // libFuzzer stops a chain early only when the output added coverage: the
  // output of a one-step chain is a corpus entry and its tree moves to the
  // cache's corpus tier.
  const std::string kept = m->MutateString(samples[3], 4096, 1);
  // A new chain: `kept` was admitted.
  std::string cur = m->MutateString(samples[4], 4096, 2);
  EXPECT_EQ(m->cache().corpus_size(), 3u);  // both inputs and `kept`
  // A chain that ran to libFuzzer's depth (5) says nothing: not promoted.
  for (int i = 0; i < 4; ++i) cur = m->MutateString(cur, 4096, 10 + i);
  m->MutateString(samples[5], 4096, 20);
  EXPECT_EQ(m->cache().corpus_size(), 4u);  // only samples[5] added
  // The kept output is not parsed again.
  const uint64_t misses = m->cache().misses();
  m->MutateString(kept, 4096, 7);
  EXPECT_EQ(m->cache().misses(), misses);
}

TEST(Mutator, InputOverTheParserLimitsIsTriedOnce) {
  auto m = MakeMutator("json");
  const std::string deep(100000, '[');  // deeper than the nesting limit
  for (unsigned seed = 0; seed < 5; ++seed) {
    const std::string out = m->MutateString(deep, 200000, seed);
    EXPECT_LE(out.size(), 200000u);
  }
  EXPECT_EQ(m->stats().parse_failures, 1u);
  EXPECT_EQ(m->stats().byte_fallbacks, 5u);
}

TEST(Mutator, CrossOverMixesTwoInputs) {
  auto m = MakeMutator("json");
  const std::string a = "{\"a\": [1, 2, 3]}";
  const std::string b = "{\"zzz\": {\"q\": true}}";
  std::string out(256, '\0');
  int mixed = 0;
  for (unsigned seed = 0; seed < 50; ++seed) {
    const size_t n =
        m->CrossOver(reinterpret_cast<const uint8_t*>(a.data()), a.size(),
                     reinterpret_cast<const uint8_t*>(b.data()), b.size(),
                     reinterpret_cast<uint8_t*>(out.data()), out.size(), seed);
    const std::string got = out.substr(0, n);
    mixed += got != a && (got.find("zzz") != std::string::npos ||
                          got.find("true") != std::string::npos ||
                          got.find("q") != std::string::npos);
  }
  EXPECT_GT(mixed, 25);
}

TEST(Mutator, StatsLineNamesOperators) {
  auto m = MakeMutator("json");
  for (int i = 0; i < 100; ++i) m->MutateString("[1, {\"a\": 2}]", 4096, i);
  const std::string line = m->StatsLine();
  EXPECT_NE(line.find("grammut:"), std::string::npos);
  EXPECT_NE(line.find("cache hit"), std::string::npos);
  EXPECT_NE(line.find("regenerate"), std::string::npos);
}

}  // namespace
}  // namespace grammut
