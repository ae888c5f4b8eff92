// Tests for the core Mutator and its operators.
#include "mutate/mutator.h"

#include <functional>
#include <initializer_list>
#include <map>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "mutate/schedule/arms.h"
#include "mutate/config.h"
#include "mutate/settings.h"
#include "mutate/loops.h"
#include "mutate/operators/operators.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using Fate = Mutator::Fate;
using Input = Mutator::Input;

// With `embedded`, the languages beside the grammar's .interp files too.
std::unique_ptr<Mutator> MakeMutator(const std::string& grammar,
                                     ModePolicy mode = ModePolicy::kAdaptive,
                                     const std::string& arms = "all",
                                     bool embedded = false) {
  MutatorConfig config;
  config.mode = mode;
  config.arms = arms;
  if (embedded) config.grammar = testing::GrammarDir(grammar);
  auto m = Mutator::Create(config, testing::LoadShipped(grammar));
  EXPECT_TRUE(m.ok()) << m.status();
  return std::move(*m);
}

// CrossOver on strings; `op` gets what made the output.
std::string CrossOverStrings(Mutator& m, const std::string& a,
                             const std::string& b, size_t max_size,
                             unsigned seed, std::string* op = nullptr) {
  std::string out(max_size, '\0');
  const size_t n =
      m.CrossOver(reinterpret_cast<const uint8_t*>(a.data()), a.size(),
                  reinterpret_cast<const uint8_t*>(b.data()), b.size(),
                  reinterpret_cast<uint8_t*>(out.data()), out.size(), seed);
  out.resize(n);
  if (op != nullptr) *op = m.last_operator();
  return out;
}

// Recent compares that never change (token-compare's source in tests).
class FixedCompares : public RecentCompares {
 public:
  explicit FixedCompares(std::vector<ComparedPair> pairs)
      : pairs_(std::move(pairs)) {}
  void Read(std::vector<ComparedPair>* out) override { *out = pairs_; }

 private:
  std::vector<ComparedPair> pairs_;
};

// Compares a target might have made on `samples`: each sample's first
// words (runs of letters, digits and '_') paired with the word after them,
// and its first numbers with their successors.
std::vector<ComparedPair> ComparesOf(const std::vector<std::string>& samples) {
  std::vector<ComparedPair> pairs;
  for (const std::string& s : samples) {
    std::vector<std::string> words, numbers;
    std::string run;
    for (size_t i = 0; i <= s.size(); ++i) {
      const unsigned char c = i < s.size() ? s[i] : ' ';
      if (absl::ascii_isalnum(c) || c == '_') {
        run += static_cast<char>(c);
        continue;
      }
      if (run.size() >= 2 && !absl::ascii_isdigit(run[0])) words.push_back(run);
      uint64_t n;
      if (absl::SimpleAtoi(run, &n) && absl::ascii_isdigit(run[0])) {
        numbers.push_back(run);
      }
      run.clear();
    }
    for (size_t i = 0; i + 1 < words.size() && i < 4; ++i) {
      pairs.push_back({words[i], words[i + 1], false});
    }
    for (size_t i = 0; i < numbers.size() && i < 2; ++i) {
      uint64_t n = 0;
      EXPECT_TRUE(absl::SimpleAtoi(numbers[i], &n));
      pairs.push_back({numbers[i], absl::StrCat(n + 1), true});
    }
  }
  return pairs;
}

// Whether `op` needs a stop: where the target stopped reading its input
// (the read length a harness reports through grammut_report_read).
bool NeedsStop(const std::string& op) {
  return op == "loop-skip" || op == "stop-splice";
}

// Runs one operator many times over a grammar's samples (crossover with a
// second sample as partner; token-compare with ComparesOf the samples);
// returns the (input, output) pairs it made. For an operator that NeedsStop,
// the inputs are grammar outputs made of the samples that were kept with a
// stop halfway through them, as a harness would report it.
std::vector<std::pair<std::string, std::string>> RunOperator(
    const std::string& grammar, const std::string& op, int rounds = 200) {
  FixedCompares compares(ComparesOf(testing::SampleTexts(grammar)));
  auto m = MakeMutator(grammar, ModePolicy::kAdaptive, "all", true);
  m->set_recent_compares(&compares);
  // Let it see the corpus first (donor pool, token pool, weights).
  std::vector<std::string> inputs = testing::SampleTexts(grammar);
  EXPECT_TRUE(m->RestrictArms("grammar").ok());
  const bool stops = NeedsStop(op);
  Parser parser(m->grammar());
  for (std::string& s : inputs) {
    if (!stops) {
      m->MutateString(s, 1 << 16, 1);
      continue;
    }
    // The first valid output is kept, with a stop halfway through it.
    for (unsigned seed = 1; seed <= 20; ++seed) {
      const std::string out = m->MutateString(s, 1 << 16, seed);
      auto r = parser.Parse(out);
      if (!r.ok() || r->syntax_errors > 0) {
        m->ReportOutcome(Fate::kDiscarded, 1e-4);
        continue;
      }
      HarnessFeedback read;
      read.read_bytes = static_cast<int64_t>(out.size() / 2);
      m->ReportOutcome(Fate::kKept, 1e-4, read);
      s = out;
      break;
    }
  }
  EXPECT_TRUE(m->RestrictArms(op).ok());
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = 0; i < rounds; ++i) {
    const std::string& in = inputs[i % inputs.size()];
    std::string used, result;
    if (op == "crossover") {
      result = CrossOverStrings(*m, in, inputs[(i + 1) % inputs.size()],
                                1 << 16, 1000 + i, &used);
    } else {
      result = m->MutateString(in, 1 << 16, 1000 + i, &used);
    }
    if (stops) m->ReportOutcome(Fate::kDiscarded, 1e-4);
    if (absl::StartsWith(used, op)) out.emplace_back(in, std::move(result));
  }
  return out;
}

class OperatorTest : public ::testing::TestWithParam<std::string> {};

// Every operator applies to real inputs of every shipped grammar, changes
// them, and (except byte-level edits) keeps them valid.
TEST_P(OperatorTest, AppliesAndKeepsInputsValid) {
  const std::string op = GetParam();
  const OperatorInfo& info = Operators()[FindOperator(op)];
  for (const std::string& grammar : testing::ShippedGrammars()) {
    // token-embedded needs an embedded language (the SQL grammar has one).
    if (op == "token-embedded" && grammar != "sqlite") continue;
    // (loop-skip and stop-splice: RunOperator reports stops; the tests
    // below check what they do at one.)
    auto g = testing::LoadShipped(grammar);
    Parser parser(*g);
    auto results = RunOperator(grammar, op);
    EXPECT_GE(results.size(), 50u) << grammar << " " << op;
    int valid = 0;
    std::string first_bad;
    for (const auto& [in, out] : results) {
      EXPECT_NE(in, out);
      auto r = parser.Parse(out);
      ASSERT_TRUE(r.ok());
      valid += r->syntax_errors == 0;
      if (r->syntax_errors > 0 && first_bad.empty()) {
        first_bad = absl::StrCat(out.substr(0, 300), "\n-> ", r->first_error);
      }
    }
    if (!info.Is(kByteLevel)) {
      EXPECT_GE(valid * 100, static_cast<int>(results.size()) * 98)
          << grammar << " " << op << "\n"
          << first_bad;
    }
  }
}

std::vector<std::string> AllOperatorNames() {
  std::vector<std::string> names;
  for (const OperatorInfo& op : Operators()) names.push_back(op.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(All, OperatorTest,
                         ::testing::ValuesIn(AllOperatorNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

// token-number: mutate "[16, \"16\"]" until exactly the interesting and
// scaled values appear in the number, and never in the string.
TEST(Operators, TokenNumberGivesNumbersInterestingValues) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "token-number");
  Parser parser(m->grammar());
  const std::set<std::string> wanted = {
      "[4096, \"16\"]", "[160, \"16\"]", "[17, \"16\"]",
      "[8, \"16\"]",    "[0, \"16\"]",   "[4294967296, \"16\"]"};
  std::set<std::string> seen;
  for (unsigned seed = 0; seed < 3000 && seen.size() < wanted.size(); ++seed) {
    std::string op;
    const std::string out = m->MutateString("[16, \"16\"]", 256, seed, &op);
    ASSERT_EQ(op, "token-number");
    ASSERT_TRUE(absl::EndsWith(out, ", \"16\"]")) << out;
    auto r = parser.Parse(out);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->syntax_errors, 0) << out;
    if (wanted.count(out)) seen.insert(out);
  }
  EXPECT_EQ(seen, wanted);
  // No number, nothing to do: the mutator falls back to bytes.
  std::string op;
  m->MutateString("[\"a\", true]", 256, 1, &op);
  EXPECT_EQ(op, "bytes");
}

// token-compare: where the target compared "simple" with "porter" and 10
// with 4096, mutate the input until exactly each of those edits appears,
// and nothing else: numbers are replaced whole ("210" holds "10" but is
// not 10), and without a source of compares the arm is never used.
TEST(Operators, TokenCompareWritesTheOtherSide) {
  FixedCompares compares(
      {{"simple", "porter", false}, {"4096", "10", true}, {"7", "8", true}});
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "token-compare");
  m->set_recent_compares(&compares);
  const std::string in = R"({"tokenize": "simple", "limit": 10, "n": 210})";
  const std::set<std::string> wanted = {
      R"({"tokenize": "porter", "limit": 10, "n": 210})",
      R"({"tokenize": "simple", "limit": 4096, "n": 210})"};
  std::set<std::string> seen;
  for (unsigned seed = 0; seed < 200; ++seed) {
    std::string op;
    const std::string out = m->MutateString(in, 256, seed, &op);
    ASSERT_EQ(op, "token-compare");
    ASSERT_TRUE(wanted.count(out)) << out;
    seen.insert(out);
  }
  EXPECT_EQ(seen, wanted);
  // Without compares the only arm cannot run: libFuzzer's bytes instead.
  auto none = MakeMutator("json", ModePolicy::kAdaptive, "token-compare");
  std::string op;
  none->MutateString(in, 256, 1, &op);
  EXPECT_EQ(op, "bytes");
}

// token-compare never writes what would make a token another type: a
// quote inside a JSON string would end it.
TEST(Operators, TokenCompareKeepsTokensTheirType) {
  FixedCompares compares({{"ab", "a\"b", false}});
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "token-compare");
  m->set_recent_compares(&compares);
  std::string op;
  m->MutateString(R"(["abc"])", 256, 1, &op);
  EXPECT_EQ(op, "bytes");
}

TEST(Operators, ShrinkingOperatorsShrink) {
  for (const std::string op : {"hoist", "shortest", "loop-delete"}) {
    const auto results = RunOperator("json", op);
    ASSERT_GE(results.size(), 20u) << op;
    for (const auto& [in, out] : results) {
      EXPECT_LT(out.size(), in.size()) << op;
    }
  }
}

// Mutating A with one operator until exactly B appears: each operator does
// what it says on a small input.
std::set<std::string> Reach(const std::string& grammar, const std::string& op,
                            const std::string& in, int tries = 400,
                            size_t max_size = 200) {
  auto m = MakeMutator(grammar, ModePolicy::kAdaptive, op);
  std::set<std::string> seen;
  for (int seed = 0; seed < tries; ++seed) {
    std::string used;
    seen.insert(m->MutateString(in, max_size, seed, &used));
  }
  return seen;
}

// "[1" followed by `n` times ", 2", then "]".
std::string RepeatedTwos(int n) {
  std::string s = "[1";
  for (int i = 0; i < n; ++i) s += ", 2";
  return s + "]";
}

// `n` nested arrays around 1.
std::string Nested(int n) {
  return std::string(n, '[') + "1" + std::string(n, ']');
}

TEST(Operators, LoopDuplicateRepeatsAnIteration) {
  const auto seen = Reach("json", "loop-duplicate", "[1, 2]");
  EXPECT_TRUE(seen.count("[1, 2, 2]")) << *seen.begin();
  EXPECT_TRUE(seen.count("[1, 2, 2, 2]"));
}

TEST(Operators, LoopDuplicateSometimesRepeatsManyTimes) {
  // 1 time in 8 the count is a power of two up to 1024, or as many as fit.
  // An output grows by at most 128 bytes (or a quarter) over its input:
  // 6 + 128 bytes hold 42 copies of ", 2".
  const auto seen = Reach("json", "loop-duplicate", "[1, 2]", 400, 4096);
  EXPECT_TRUE(seen.count(RepeatedTwos(32)));
  EXPECT_TRUE(seen.count(RepeatedTwos(42)));
  for (const std::string& s : seen) EXPECT_LE(s.size(), 6u + 128u);
  // Within a MaxSize of 60: 18 copies.
  const auto small = Reach("json", "loop-duplicate", "[1, 2]", 400, 60);
  EXPECT_TRUE(small.count(RepeatedTwos(16)));
  EXPECT_TRUE(small.count(RepeatedTwos(18)));
  for (const std::string& s : small) EXPECT_LE(s.size(), 60u);
}

TEST(Operators, LoopDeleteRemovesAnIteration) {
  const auto seen = Reach("json", "loop-delete", "[1, 2, 3]");
  EXPECT_TRUE(seen.count("[1, 2]"));
  EXPECT_TRUE(seen.count("[1, 3]"));
}

TEST(Operators, LoopSwapExchangesIterations) {
  const auto seen = Reach("json", "loop-swap", "[1, 2, 3]");
  EXPECT_TRUE(seen.count("[1, 3, 2]")) << *seen.begin();
}

TEST(Operators, HoistReplacesAValueByAnInnerOne) {
  const auto seen = Reach("json", "hoist", "[[7]]");
  EXPECT_TRUE(seen.count("[7]"));
}

TEST(Operators, SwapExchangesTwoSubtreesOfTheSameRule) {
  const auto seen = Reach("json", "swap", "{\"a\": 1, \"b\": [2]}");
  EXPECT_TRUE(seen.count("{\"a\": [2], \"b\": 1}"));
}

TEST(Operators, RecursiveNestsARuleInItself) {
  const auto seen = Reach("json", "recursive", "[[1]]");
  EXPECT_TRUE(seen.count("[[[1]]]"));
}

TEST(Operators, RecursiveSometimesNestsDeep) {
  // 1 time in 8 the nesting grows by a power of two of levels, built in
  // one pass: nesting limits (depth counters, stack guards) come in reach.
  const auto seen = Reach("json", "recursive", "[[1]]", 2000, 4096);
  size_t deepest = 0;
  for (const std::string& s : seen) {
    const size_t depth = s.find('1');
    // Every output is still n arrays around 1.
    ASSERT_EQ(s, Nested(static_cast<int>(depth)));
    deepest = std::max(deepest, depth);
  }
  // 32 levels more than the input's 2; 63 fit in the 128 bytes an
  // output may add.
  EXPECT_TRUE(seen.count(Nested(34)));
  EXPECT_EQ(deepest, 65u);
}

TEST(Operators, DeepNestingKeepsTokensApart) {
  // Lua: nesting "-x" in "- -x" must never make "--" (a comment).
  auto g = testing::LoadShipped("lua");
  Parser parser(*g);
  for (const std::string in : {"a=- -x", "a = - -x"}) {
    const auto seen = Reach("lua", "recursive", in, 2000, 400);
    size_t longest = 0;
    for (const std::string& s : seen) {
      auto r = parser.Parse(s);
      ASSERT_TRUE(r.ok()) << s;
      EXPECT_EQ(r->syntax_errors, 0) << s;
      EXPECT_EQ(s.find("--"), std::string::npos) << s;
      longest = std::max(longest, s.size());
    }
    // With a space before the first "-", copies can repeat it deep.
    if (in == "a = - -x") EXPECT_GT(longest, 128u);
  }
}

TEST(Operators, ShortestReplacesASubtreeByItsRulesCheapestDerivation) {
  const auto seen = Reach("json", "shortest", "[{\"k\": true}]");
  EXPECT_TRUE(seen.count("[{}]")) << *seen.begin();
}

TEST(Operators, TokenRegenerateMakesNewTokensOfTheSameType) {
  // The only non-literal token is the number: it becomes other numbers.
  const auto seen = Reach("json", "token-regenerate", "[5]");
  int numbers = 0;
  for (const std::string& s : seen) {
    numbers +=
        s.size() > 2 && s.front() == '[' && s.back() == ']' && s != "[5]";
  }
  EXPECT_GE(numbers, 5);
}

TEST(Operators, SeparatorsKeepTokensApart) {
  // Lua: swapping `a` and `b` in "a=1 b=2" must not make "b=2a=1".
  auto g = testing::LoadShipped("lua");
  Parser parser(*g);
  for (const std::string op : {"loop-swap", "swap", "splice"}) {
    auto m = MakeMutator("lua", ModePolicy::kAdaptive, op);
    for (const std::string& s : testing::SampleTexts("lua"))
      m->MutateString(s, 1 << 16, 1);
    for (int seed = 0; seed < 200; ++seed) {
      const std::string out = m->MutateString("a=1 b=2 c=3", 200, seed);
      auto r = parser.Parse(out);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->syntax_errors, 0) << op << ": " << out;
    }
  }
}

TEST(Operators, FindLoopsSeesStarIterations) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto r = parser.Parse("[1, 2, 3, 4]");
  ASSERT_TRUE(r.ok());
  size_t most = 0;
  Loops loops;
  for (int i = 0; i < r->tree.size(); ++i) {
    if (!r->tree.node(i).is_rule) continue;
    FindLoops(*g, r->tree, i, &loops);
    for (const LoopInstance& loop : loops.instances) {
      most = std::max(most, static_cast<size_t>(loop.count));
    }
  }
  EXPECT_EQ(most, 3u);  // ", 2" ", 3" ", 4"
}

// At least 99% of the tree-operator mutants of every sample corpus re-parse
// without syntax errors (byte-level edits excluded).
TEST(Mutator, MutantsOfSampleCorporaStayValid) {
  for (const std::string& grammar : testing::ShippedGrammars()) {
    auto g = testing::LoadShipped(grammar);
    Parser parser(*g);
    auto m = MakeMutator(grammar, ModePolicy::kAdaptive, "grammar");
    const auto samples = testing::SampleTexts(grammar);
    int checked = 0, valid = 0;
    std::string first_bad;
    for (int i = 0; i < 1500; ++i) {
      std::string op;
      const std::string out =
          m->MutateString(samples[i % samples.size()], 8192, i, &op);
      if (op == "token-bytes" || op == "encode") continue;
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
  const auto samples = testing::SampleTexts("json");
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
  for (const std::string& s : testing::SampleTexts("sqlite")) {
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
  auto g = MakeMutator("lua", ModePolicy::kAdaptive, "grammar");
  EXPECT_LE(g->MutateString(big, 300000, 1).size(), 300000u);
  EXPECT_EQ(g->stats().parse_failures, 1u);
}

// Two mutators in one process (across processes, with address randomization:
// determinism_test.sh).
TEST(Mutator, TwoMutatorsInOneProcessGiveTheSameSequence) {
  const auto samples = testing::SampleTexts("xml");
  auto a = MakeMutator("xml");
  auto b = MakeMutator("xml");
  std::string cur_a = samples[0], cur_b = samples[0];
  for (int i = 0; i < 300; ++i) {
    const bool start = i % 5 == 0;
    const Input kind = start ? Input::kCorpusEntry : Input::kLastOutput;
    const Fate fate = i % 17 == 0 ? Fate::kKept
                      : start     ? Fate::kUnknown
                                  : Fate::kDiscarded;
    if (i > 0) {
      a->ReportOutcome(fate, 1e-4 * (i % 7));
      b->ReportOutcome(fate, 1e-4 * (i % 7));
    }
    const std::string& in_a = start ? samples[i % samples.size()] : cur_a;
    const std::string& in_b = start ? samples[i % samples.size()] : cur_b;
    cur_a = a->MutateString(in_a, 4096, i, nullptr, kind);
    cur_b = b->MutateString(in_b, 4096, i, nullptr, kind);
    ASSERT_EQ(cur_a, cur_b) << i;
  }
}

TEST(Mutator, WithLearningOffSameInputAndSeedGiveSameOutput) {
  auto m = MakeMutator("sqlite", ModePolicy::kUniform);
  const auto samples = testing::SampleTexts("sqlite");
  std::map<std::pair<int, unsigned>, std::string> first;
  for (int round = 0; round < 3; ++round) {
    for (int s = 0; s < 5; ++s) {
      for (unsigned seed = 0; seed < 10; ++seed) {
        const std::string out = m->MutateString(samples[s], 4096, seed);
        m->ReportOutcome(seed % 3 == 0 ? Fate::kKept : Fate::kDiscarded, 1e-3);
        auto [it, inserted] = first.emplace(std::make_pair(s, seed), out);
        if (!inserted) EXPECT_EQ(it->second, out) << s << " " << seed;
      }
    }
  }
}

TEST(Mutator, LearnsCorpusEntriesAndKeptOutputsAndCreditsTheirArm) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  const auto samples = testing::SampleTexts("json");
  for (const std::string& s : samples) {
    m->MutateString(s, 4096, 1);
    m->ReportOutcome(Fate::kDiscarded, 1e-4);
  }
  EXPECT_EQ(m->stats().learned, samples.size());
  EXPECT_EQ(m->weights().trees(), static_cast<int64_t>(samples.size()));
  // A kept output: learned at once (no parse), and its arm is credited.
  // (The first seed whose output a clean, tree-level arm made.)
  std::string op;
  for (unsigned seed = 2;; ++seed) {
    m->MutateString(samples[0], 4096, seed, &op);
    const std::string base = op.substr(0, op.find('/'));
    if (!Operators()[FindOperator(base)].Is(kByteLevel)) break;
    m->ReportOutcome(Fate::kDiscarded, 1e-4);
  }
  const int64_t parses = m->parses();
  m->ReportOutcome(Fate::kKept, 1e-4);
  EXPECT_EQ(m->stats().learned, samples.size() + 1) << op;
  EXPECT_EQ(m->parses(), parses);
  uint64_t wins = 0;
  for (int i = 0; i < m->operator_bandit().size(); ++i) {
    if (m->operator_bandit().wins(i) > 0) {
      EXPECT_EQ(GrammarArms()[i].name, op);
      wins += m->operator_bandit().wins(i);
    }
  }
  EXPECT_EQ(wins, 1u);
  EXPECT_EQ(m->family_bandit().wins(kGrammarFamily), 1u);
  EXPECT_EQ(m->family_bandit().wins(kBytesFamily), 0u);
}

// What the glue reports for a run that reached `n` new features (0: a
// reduction, when kept).
HarnessFeedback NewFeatures(int n) {
  HarnessFeedback f;
  f.new_features = n;
  return f;
}

// A kept output that reached no new feature (a reduction) is worth a tenth
// of one that did, kept at once or credited late; unknown counts as new.
TEST(Mutator, KeptReductionsWeighLessThanNewCoverage) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "bytes");
  const std::string in = testing::SampleTexts("json")[0];
  const HarnessFeedback reduction = NewFeatures(0), fresh = NewFeatures(3);
  HarnessFeedback unknown;
  m->MutateString(in, 4096, 1);
  m->ReportOutcome(Fate::kKept, 1e-4, fresh);
  const double after_new = m->family_bandit().recent_wins(kBytesFamily);
  EXPECT_DOUBLE_EQ(after_new, 1.0);
  m->MutateString(in, 4096, 2);
  m->ReportOutcome(Fate::kKept, 1e-4, reduction);
  EXPECT_DOUBLE_EQ(m->family_bandit().recent_wins(kBytesFamily),
                   after_new * (1 - 0.1 / 100) + 0.1);
  m->MutateString(in, 4096, 3);
  m->ReportOutcome(Fate::kKept, 1e-4, unknown);
  EXPECT_EQ(m->stats().reductions, 1u);
  // Late credit keeps what the run said: this unknown-fate output made
  // nothing new, so when it comes back as a corpus entry it is a reduction.
  const std::string out = m->MutateString(in, 4096, 4);
  m->ReportOutcome(Fate::kUnknown, 1e-4, reduction);
  const double before = m->family_bandit().recent_wins(kBytesFamily);
  m->MutateString(out, 4096, 5);
  EXPECT_EQ(m->stats().late_credit, 1u);
  EXPECT_EQ(m->stats().reductions, 2u);
  EXPECT_DOUBLE_EQ(m->family_bandit().recent_wins(kBytesFamily),
                   before * (1 - 0.1 / 100) + 0.1);
  EXPECT_EQ(m->family_bandit().wins(kBytesFamily), 4u);  // kept, counted
}

// A kept output that reached new code (edges) is worth edge_win; one that
// only reached a new hit count of known code, 1.
TEST(Mutator, NewCodeWeighsMoreThanNewHitCounts) {
  MutatorConfig config;
  config.arms = "bytes";
  config.edge_win = 3;
  auto m = Mutator::Create(config, testing::LoadShipped("json"));
  ASSERT_TRUE(m.ok()) << m.status();
  const std::string in = testing::SampleTexts("json")[0];
  HarnessFeedback counts, code;
  counts.new_features = 2;
  counts.new_edges = 0;
  code.new_features = 2;
  code.new_edges = 1;
  (*m)->MutateString(in, 4096, 1);
  (*m)->ReportOutcome(Fate::kKept, 1e-4, counts);
  const double after_counts = (*m)->family_bandit().recent_wins(kBytesFamily);
  EXPECT_DOUBLE_EQ(after_counts, 1.0);
  (*m)->MutateString(in, 4096, 2);
  (*m)->ReportOutcome(Fate::kKept, 1e-4, code);
  EXPECT_DOUBLE_EQ((*m)->family_bandit().recent_wins(kBytesFamily),
                   after_counts * (1 - 3.0 / 100) + 3.0);
  EXPECT_EQ((*m)->stats().new_code, 1u);
  EXPECT_EQ((*m)->stats().reductions, 0u);
}

TEST(Mutator, ParsesEachCorpusEntryOnce) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  const std::string in = testing::SampleTexts("json")[3];
  std::string cur = in;
  for (int i = 0; i < 50; ++i) {
    const bool start = i % 5 == 0;
    if (i > 0) m->ReportOutcome(start ? Fate::kUnknown : Fate::kDiscarded, 0);
    cur = m->MutateString(start ? in : cur, 4096, i, nullptr,
                          start ? Input::kCorpusEntry : Input::kLastOutput);
  }
  EXPECT_EQ(m->parses(), 1);
}

// A kept output that reached no new feature replaced the corpus entry its
// chain began at (libFuzzer's -reduce_inputs): that entry's tree leaves the
// cache, so its bytes, were they ever given again, would be parsed again.
// An output kept for new features replaces nothing. Late credit alike.
TEST(Mutator, ReductionsDropTheTreeOfTheEntryTheyReplaced) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  const std::vector<std::string> samples = testing::SampleTexts("json");
  const HarnessFeedback reduction = NewFeatures(0), fresh = NewFeatures(1);
  m->MutateString(samples[3], 4096, 1);
  const int64_t parses = m->parses();
  ASSERT_EQ(parses, 1);
  m->ReportOutcome(Fate::kKept, 1e-4, fresh);
  m->MutateString(samples[3], 4096, 2);
  EXPECT_EQ(m->parses(), parses);
  EXPECT_EQ(m->stats().replaced_trees, 0u);
  // A chain step kept as a reduction: the chain's first input is gone.
  const std::string step = m->MutateString(samples[3], 4096, 3);
  m->ReportOutcome(Fate::kDiscarded, 1e-4);
  m->MutateString(step, 4096, 4, nullptr, Input::kLastOutput);
  m->ReportOutcome(Fate::kKept, 1e-4, reduction);
  EXPECT_EQ(m->stats().replaced_trees, 1u);
  m->MutateString(samples[3], 4096, 5);
  EXPECT_EQ(m->parses(), parses + 1);
  // Of unknown fate, nothing new, and back as a corpus entry: it replaced
  // samples[4], whose tree goes then.
  const std::string out = m->MutateString(samples[4], 4096, 6);
  m->ReportOutcome(Fate::kUnknown, 1e-4, reduction);
  EXPECT_EQ(m->stats().replaced_trees, 1u);
  const int64_t before = m->parses();
  m->MutateString(out, 4096, 7);
  EXPECT_EQ(m->stats().replaced_trees, 2u);
  m->MutateString(samples[4], 4096, 8);
  EXPECT_EQ(m->parses(), before + 1);
}

// A kept reduction's tree is cached (mutating it parses nothing) but not
// learned: its chain's first input was. An output kept for new features is
// learned. Late credit alike.
TEST(Mutator, KeptReductionsAreCachedButNotLearned) {
  // Regeneration only: every output is a clean tree, learnable when kept.
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "regenerate");
  const std::vector<std::string> samples = testing::SampleTexts("json");
  const HarnessFeedback reduction = NewFeatures(0), fresh = NewFeatures(1);
  const std::string kept = m->MutateString(samples[3], 4096, 1);
  uint64_t learned = m->stats().learned;  // samples[3], parsed
  m->ReportOutcome(Fate::kKept, 1e-4, reduction);
  EXPECT_EQ(m->stats().learned, learned);
  const int64_t parses = m->parses();
  m->MutateString(kept, 4096, 2);
  EXPECT_EQ(m->parses(), parses);
  m->ReportOutcome(Fate::kKept, 1e-4, fresh);
  EXPECT_EQ(m->stats().learned, learned + 1);
  // Of unknown fate, then back as a corpus entry.
  const std::string late = m->MutateString(samples[4], 4096, 3);
  learned = m->stats().learned;  // samples[4], parsed
  m->ReportOutcome(Fate::kUnknown, 1e-4, reduction);
  m->MutateString(late, 4096, 4);
  EXPECT_EQ(m->stats().late_credit, 1u);
  EXPECT_EQ(m->stats().learned, learned);
  m->ReportOutcome(Fate::kDiscarded, 1e-4);
  const std::string late_new = m->MutateString(samples[5], 4096, 5);
  learned = m->stats().learned;  // samples[5], parsed
  m->ReportOutcome(Fate::kUnknown, 1e-4, fresh);
  m->MutateString(late_new, 4096, 6);
  EXPECT_EQ(m->stats().late_credit, 2u);
  EXPECT_EQ(m->stats().learned, learned + 1);
}

// A chain step whose input is a byte edit's output has no tree: a grammar
// pick there mutates the chain's first input (its tree is cached) instead
// of leaving the rest of the chain to bytes, and parses nothing.
TEST(Mutator, GrammarStepAfterByteEditMutatesTheChainsFirstInput) {
  const std::string first = "[1, 2, 3]";
  std::set<std::string> deletions;  // loop-delete's mutants of `first`
  auto only_delete = MakeMutator("json", ModePolicy::kAdaptive, "loop-delete");
  for (unsigned seed = 1; seed <= 300; ++seed) {
    deletions.insert(only_delete->MutateString(first, 64, seed));
  }
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "bytes,loop-delete");
  int grammar_after_bytes = 0;
  for (unsigned seed = 1; seed <= 200; ++seed) {
    std::string op;
    const std::string step = m->MutateString(first, 64, seed, &op);
    m->ReportOutcome(Fate::kDiscarded, 1e-4);
    if (op != "bytes") continue;
    const std::string next =
        m->MutateString(step, 64, 1000 + seed, &op, Input::kLastOutput);
    m->ReportOutcome(Fate::kDiscarded, 1e-4);
    if (op == "bytes") continue;
    ++grammar_after_bytes;
    EXPECT_EQ(deletions.count(next), 1u) << "from " << step << ": " << next;
  }
  EXPECT_GT(grammar_after_bytes, 0);
  EXPECT_EQ(m->parses(), 1);
}

TEST(Mutator, KeptOutputComingBackIsNotParsedAgain) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  const std::string kept =
      m->MutateString(testing::SampleTexts("json")[3], 4096, 1);
  m->ReportOutcome(Fate::kKept, 1e-4);
  const int64_t parses = m->parses();
  m->MutateString(kept, 4096, 7);
  EXPECT_EQ(m->parses(), parses);
  EXPECT_EQ(m->stats().corpus_entries, 2u);
}

TEST(Mutator, UnknownFateIsCreditedWhenTheOutputReturns) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  std::string op;
  const std::string out =
      m->MutateString(testing::SampleTexts("json")[3], 4096, 1, &op);
  m->ReportOutcome(Fate::kUnknown, 1e-4);
  EXPECT_EQ(m->stats().late_credit, 0u);
  const int64_t parses = m->parses();
  m->MutateString(out, 4096, 2);  // libFuzzer hands it back: it was kept
  EXPECT_EQ(m->stats().late_credit, 1u);
  EXPECT_EQ(m->parses(), parses);  // its tree was remembered
  EXPECT_EQ(m->stats().learned, 2u);
  uint64_t wins = 0;
  for (int i = 0; i < m->operator_bandit().size(); ++i) {
    wins += m->operator_bandit().wins(i);
  }
  EXPECT_EQ(wins, 1u);
}

TEST(Mutator, ByteOutputsAreNotLearnedAndChainsAfterThemDoNotParse) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "bytes");
  const std::string in = "[1, 2, 3]";
  std::string cur = m->MutateString(in, 64, 1);
  for (int i = 0; i < 4; ++i) {
    m->ReportOutcome(Fate::kDiscarded, 1e-5);
    cur = m->MutateString(cur, 64, 2 + i, nullptr, Input::kLastOutput);
  }
  m->ReportOutcome(Fate::kKept, 1e-5);
  EXPECT_EQ(m->parses(), 0);
  EXPECT_EQ(m->stats().learned, 0u);
  EXPECT_EQ(m->family_bandit().wins(kBytesFamily), 1u);
}

// Mutates `input` (a corpus entry) with seeds [1, n]; returns the outputs
// of the calls that kept their edit to the part the target read.
std::vector<std::string> FocusedMutants(Mutator& m, const std::string& input,
                                        int n) {
  std::vector<std::string> focused;
  for (int seed = 1; seed <= n; ++seed) {
    const uint64_t before = m.stats().read_focused;
    std::string out = m.MutateString(input, 64, seed);
    m.ReportOutcome(Fate::kDiscarded, 1e-4);
    if (m.stats().read_focused > before) focused.push_back(std::move(out));
  }
  return focused;
}

TEST(Mutator, ByteEditsStayWhereTheTargetRead) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "bytes");
  const std::string kept = m->MutateString("[10, 20, 30, 40, 50, 60]", 64, 1);
  HarnessFeedback read;
  read.read_bytes = static_cast<int64_t>(kept.size() / 2);
  m->ReportOutcome(Fate::kKept, 1e-4, read);
  EXPECT_EQ(m->stats().read_in_part, 1u);
  const std::string unread = kept.substr(kept.size() / 2);
  const std::vector<std::string> focused = FocusedMutants(*m, kept, 200);
  ASSERT_FALSE(focused.empty());
  EXPECT_LT(focused.size(), 200u);  // now and then anywhere
  for (const std::string& out : focused) {
    EXPECT_TRUE(absl::EndsWith(out, unread)) << out;
    EXPECT_LE(out.size(), 64u);
  }
}

TEST(Mutator, TreeEditsStayWhereTheTargetRead) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "token-regenerate");
  const std::string in = "[10, 20, 30, 40, 50, 60]";
  const std::string kept = m->MutateString(in, 64, 1);
  // Read up to the last element (its leading space is its token's).
  ASSERT_NE(kept.rfind(','), std::string::npos) << kept;
  const size_t stop = kept.rfind(',') + 1;
  HarnessFeedback read;
  read.read_bytes = static_cast<int64_t>(stop);
  m->ReportOutcome(Fate::kKept, 1e-4, read);
  const std::vector<std::string> focused = FocusedMutants(*m, kept, 200);
  ASSERT_FALSE(focused.empty());
  for (const std::string& out : focused) {
    EXPECT_TRUE(absl::EndsWith(out, kept.substr(stop))) << out;
  }
}

TEST(Mutator, AChainStepStaysWhereTheTargetReadTheLastOutput) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "bytes");
  int focused = 0;
  for (int seed = 1; seed <= 100; ++seed) {
    const std::string out = m->MutateString("[10, 20, 30, 40, 50]", 64, seed);
    HarnessFeedback read;
    read.read_bytes = static_cast<int64_t>(out.size() / 2);
    m->ReportOutcome(Fate::kDiscarded, 1e-4, read);
    const uint64_t before = m->stats().read_focused;
    const std::string next =
        m->MutateString(out, 64, 1000 + seed, nullptr, Input::kLastOutput);
    m->ReportOutcome(Fate::kDiscarded, 1e-4);
    if (m->stats().read_focused == before) continue;
    ++focused;
    EXPECT_TRUE(absl::EndsWith(next, out.substr(out.size() / 2))) << next;
  }
  EXPECT_GT(focused, 0);
}

// The outputs `op` makes of `grammar`'s `in` after token-number changed its
// one number (into `kept`) and the target said it stopped `stop(kept)` bytes
// in.
std::set<std::string> AfterStop(
    const std::string& grammar, const std::string& op, const std::string& in,
    const std::function<size_t(const std::string&)>& stop, std::string* kept) {
  auto m = MakeMutator(grammar, ModePolicy::kAdaptive,
                       absl::StrCat("token-number,", op));
  std::string used;
  *kept = m->MutateString(in, 256, 1, &used);
  EXPECT_EQ(used, "token-number");  // `op`: no stop known yet
  HarnessFeedback read;
  read.read_bytes = static_cast<int64_t>(stop(*kept));
  m->ReportOutcome(Fate::kKept, 1e-4, read);
  std::set<std::string> outs;
  for (unsigned seed = 1; seed <= 200; ++seed) {
    const std::string out = m->MutateString(*kept, 256, seed, &used);
    m->ReportOutcome(Fate::kDiscarded, 1e-4);
    if (used == op) outs.insert(out);
  }
  return outs;
}

TEST(Operators, LoopSkipDeletesTheIterationWhereTheTargetStopped) {
  // Stopped after the second element: exactly that one goes.
  std::string kept;
  const auto skips = AfterStop(
      "json", "loop-skip", "[10, 20, 30, 40]",
      [](const std::string& s) { return s.find(',', s.find(',') + 1); }, &kept);
  const std::vector<std::string> e =
      absl::StrSplit(absl::string_view(kept).substr(1, kept.size() - 2), ", ");
  ASSERT_EQ(e.size(), 4u) << kept;
  EXPECT_EQ(skips, (std::set<std::string>{
                       absl::StrCat("[", e[0], ", ", e[2], ", ", e[3], "]")}));
}

// AfterStop on an SQL script whose second statement failed (SQLite stops
// past the `;` that ends it); `parts` gets the kept script split at `;`.
std::set<std::string> AfterSecondStatement(const std::string& op,
                                           std::vector<std::string>* parts) {
  const std::string in = "CREATE TABLE t(a); SELECT b FROM t; SELECT 7 FROM t;";
  std::string kept;
  const auto outs = AfterStop(
      "sqlite", op, in,
      [](const std::string& s) { return s.find(';', s.find(';') + 1) + 1; },
      &kept);
  *parts = absl::StrSplit(kept, ';');
  EXPECT_EQ(parts->size(), 4u) << kept;
  return outs;
}

TEST(Operators, LoopSkipSkipsTheStatementThatFailed) {
  // The `;` after the failing statement is the first token of the next
  // `; statement` iteration, which stays.
  std::vector<std::string> parts;
  const auto skips = AfterSecondStatement("loop-skip", &parts);
  ASSERT_EQ(parts.size(), 4u);
  EXPECT_EQ(parts[1], " SELECT b FROM t");
  EXPECT_EQ(
      skips,
      (std::set<std::string>{absl::StrCat(parts[0], ";", parts[2], ";")}));
}

TEST(Operators, StopSpliceReplacesTheStatementThatFailed) {
  // The donors are the statements of the input and of the kept output.
  std::vector<std::string> parts;
  const auto outs = AfterSecondStatement("stop-splice", &parts);
  ASSERT_EQ(parts.size(), 4u);
  const std::string head = absl::StrCat(parts[0], ";");
  const std::string tail = absl::StrCat(";", parts[2], ";");
  EXPECT_EQ(outs,
            (std::set<std::string>{absl::StrCat(head, " ", parts[0], tail),
                                   absl::StrCat(head, " SELECT 7 FROM t", tail),
                                   absl::StrCat(head, parts[2], tail)}));
}

TEST(Operators, LoopSkipNeedsAStop) {
  for (const std::string arm : {"loop-skip", "stop-splice"}) {
    auto m = MakeMutator("sqlite", ModePolicy::kAdaptive, arm);
    std::string op;
    m->MutateString("SELECT 1; SELECT 2;", 256, 1, &op);
    EXPECT_EQ(op, "bytes") << arm;
  }
}

TEST(Mutator, ReadFocusIsOffWhenAskedOrWhenAllWasRead) {
  MutatorConfig config;
  config.arms = "bytes";
  config.read_focus = false;
  auto off = Mutator::Create(config, testing::LoadShipped("json"));
  ASSERT_TRUE(off.ok()) << off.status();
  const std::string kept = (*off)->MutateString("[10, 20, 30, 40]", 64, 1);
  HarnessFeedback half, all;
  half.read_bytes = static_cast<int64_t>(kept.size() / 2);
  (*off)->ReportOutcome(Fate::kKept, 1e-4, half);
  EXPECT_TRUE(FocusedMutants(**off, kept, 50).empty());

  auto m = MakeMutator("json", ModePolicy::kAdaptive, "bytes");
  const std::string whole = m->MutateString("[10, 20, 30, 40]", 64, 1);
  all.read_bytes = static_cast<int64_t>(whole.size());
  m->ReportOutcome(Fate::kKept, 1e-4, all);
  EXPECT_EQ(m->stats().read_in_part, 0u);
  EXPECT_TRUE(FocusedMutants(*m, whole, 50).empty());
}

TEST(Mutator, InputOverTheParserLimitsIsTriedOnce) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  const std::string deep(100000, '[');  // deeper than the nesting limit
  for (unsigned seed = 0; seed < 5; ++seed) {
    const std::string out = m->MutateString(deep, 200000, seed);
    EXPECT_LE(out.size(), 200000u);
  }
  EXPECT_EQ(m->stats().parse_failures, 1u);
  EXPECT_EQ(m->stats().fallbacks, 5u);
}

TEST(Mutator, ParsingStaysWithinItsShareOfTheTime) {
  // Deterministic costs: a parse costs 100 ns a byte; the budget banks at
  // most 5 us (50 bytes of parsing) and earns 10% of each output's cost.
  MutatorConfig config;
  config.arms = "grammar";
  config.deterministic = true;
  config.parse_burst_seconds = 5e-6;
  config.parse_share = 0.1;
  auto m = std::move(*Mutator::Create(config, testing::LoadShipped("json")));
  const std::string a = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]";
  const std::string b = "[\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]";
  ASSERT_EQ(a.size(), 51u);
  m->MutateString(a, 4096, 1);  // allowed (the budget goes below zero)
  EXPECT_EQ(m->parses(), 1);
  m->ReportOutcome(Fate::kDiscarded, 0);
  std::string op;
  m->MutateString(b, 4096, 2, &op);  // the burst is spent: bytes instead
  EXPECT_EQ(m->parses(), 1);
  EXPECT_EQ(op, "bytes");
  EXPECT_EQ(m->stats().parses_deferred, 1u);
  // An output that cost 1 ms earns 100 us of parsing: b is parsed now.
  m->ReportOutcome(Fate::kDiscarded, 1e-3);
  m->MutateString(b, 4096, 3, &op);
  EXPECT_EQ(m->parses(), 2);
  EXPECT_NE(op, "bytes");
  // Cached trees need no budget.
  m->ReportOutcome(Fate::kDiscarded, 0);
  m->MutateString(a, 4096, 4, &op);
  EXPECT_EQ(m->parses(), 2);
  EXPECT_NE(op, "bytes");
}

TEST(Mutator, CrossOverReachesAMixOfBothInputs) {
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "crossover");
  const std::string a = "{\"a\": [1, 2, 3]}";
  const std::string b = "{\"zzz\": {\"q\": true}}";
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  std::set<std::string> seen;
  for (unsigned seed = 0; seed < 300; ++seed) {
    std::string op;
    const std::string got = CrossOverStrings(*m, a, b, 256, seed, &op);
    ASSERT_EQ(op, "crossover");
    auto r = parser.Parse(got);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->syntax_errors, 0) << got;
    seen.insert(got);
  }
  EXPECT_TRUE(seen.count("{\"a\": [1, {\"q\": true}, 3]}"));
  EXPECT_TRUE(seen.count("{\"a\": [1, 2, true]}"));
}

// A CrossOver call looks up (here: parses) its second input only when an
// arm that needs it is picked; a partner without a tree leaves the other
// arms to do the call.
TEST(Mutator, CrossOverParsesItsPartnerOnlyForACrossoverArm) {
  const std::string a = "{\"a\": [1, 2, 3]}";
  const std::string b = "{\"zzz\": {\"q\": true}}";
  auto swaps = MakeMutator("json", ModePolicy::kAdaptive, "swap");
  for (unsigned seed = 0; seed < 20; ++seed) {
    std::string op;
    CrossOverStrings(*swaps, a, b, 256, seed, &op);
    ASSERT_EQ(op, "swap");
  }
  EXPECT_EQ(swaps->parses(), 1);
  auto both = MakeMutator("json", ModePolicy::kAdaptive, "swap,crossover");
  std::string op;
  for (unsigned seed = 0; op != "crossover" && seed < 100; ++seed) {
    CrossOverStrings(*both, a, b, 256, seed, &op);
  }
  ASSERT_EQ(op, "crossover");
  EXPECT_EQ(both->parses(), 2);
  // A partner over the parse limit has no tree: swap does every call.
  MutatorConfig config;
  config.arms = "swap,crossover";
  config.max_parse_bytes = 64;
  auto limited = Mutator::Create(config, testing::LoadShipped("json"));
  ASSERT_TRUE(limited.ok()) << limited.status();
  const std::string large = "[" + std::string(100, ' ') + "1]";
  for (unsigned seed = 0; seed < 50; ++seed) {
    CrossOverStrings(**limited, a, large, 256, seed, &op);
    ASSERT_EQ(op, "swap");
  }
  EXPECT_EQ((*limited)->stats().parse_failures, 1u);
}

TEST(Mutator, ArmSpecRemovalsLeaveEverythingElse) {
  // "-kpath,-bytes": every grammar arm but kpath, no byte mutations.
  absl::StatusOr<ArmSelection> sel =
      SelectArms("-kpath,-bytes", ModePolicy::kAdaptive);
  ASSERT_TRUE(sel.ok());
  EXPECT_FALSE(sel->families[kBytesFamily]);
  EXPECT_TRUE(sel->families[kGrammarFamily]);
  const std::vector<Arm>& arms = GrammarArms();
  for (size_t i = 0; i < arms.size(); ++i) {
    EXPECT_EQ(sel->arms[i], arms[i].name != "kpath") << arms[i].name;
  }
  // Additions and removals mix in order: splice's arms without
  // regenerate/uniform, nothing else.
  sel = SelectArms("regenerate,-regenerate/uniform,splice",
                   ModePolicy::kAdaptive);
  ASSERT_TRUE(sel.ok());
  EXPECT_FALSE(sel->families[kBytesFamily]);
  for (size_t i = 0; i < arms.size(); ++i) {
    const bool want = arms[i].name == "regenerate/learned" ||
                      arms[i].name == "regenerate/inverse" ||
                      arms[i].name == "splice";
    EXPECT_EQ(sel->arms[i], want) << arms[i].name;
  }
  // A removed name must exist, too.
  EXPECT_FALSE(SelectArms("-no-such-op", ModePolicy::kAdaptive).ok());
  // The mutator never runs a removed operator.
  auto m = MakeMutator("json", ModePolicy::kAdaptive, "-regenerate,-bytes");
  for (int i = 0; i < 300; ++i) {
    std::string op;
    m->MutateString("[1, {\"a\": [true, 2]}]", 256, i, &op);
    EXPECT_EQ(op.find("regenerate/"), std::string::npos) << op;
  }
}

TEST(Mutator, ArmSpecsAreCheckedAndNamed) {
  MutatorConfig config;
  config.arms = "splice,no-such-op";
  auto m = Mutator::Create(config, testing::LoadShipped("json"));
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("GRAMMUT_ARMS"), std::string::npos);
  EXPECT_NE(m.status().message().find("no-such-op"), std::string::npos);
  auto bytes_only = MakeMutator("json", ModePolicy::kAdaptive, "bytes");
  for (int i = 0; i < 50; ++i) {
    std::string op;
    bytes_only->MutateString("[1, 2]", 64, i, &op);
    EXPECT_EQ(op, "bytes");
  }
}

TEST(Mutator, StatsLineNamesFamiliesAndOperators) {
  auto m = MakeMutator("json");
  for (int i = 0; i < 100; ++i) {
    m->MutateString("[1, {\"a\": 2}]", 4096, i);
    m->ReportOutcome(i % 10 == 0 ? Fate::kKept : Fate::kDiscarded, 1e-4);
  }
  const std::string line = m->StatsLine();
  EXPECT_NE(line.find("grammar "), std::string::npos) << line;
  EXPECT_NE(line.find("bytes "), std::string::npos) << line;
  EXPECT_NE(line.find("% time"), std::string::npos) << line;
  EXPECT_NE(line.find("regenerate/"), std::string::npos) << line;
}

// With a throttle of 1 every call takes the bytes family; at 0.5 some do
// and some run grammar operators; at 0 the outputs are exactly those of a
// mutator that was never throttled. With the bytes family disabled
// (GRAMMUT_ARMS=grammar) the budget cannot be kept and nothing changes.
TEST(Mutator, CpuThrottleTurnsGrammarCallsIntoBytes) {
  const auto samples = testing::SampleTexts("json");
  auto m = MakeMutator("json");
  m->set_cpu_throttle(1);
  for (int i = 0; i < 200; ++i) {
    std::string op;
    m->MutateString(samples[i % samples.size()], 4096, i, &op);
    EXPECT_EQ(op, "bytes") << i;
  }
  EXPECT_EQ(m->stats().tree_mutations, 0u);
  EXPECT_GT(m->stats().cpu_throttled, 0u);
  EXPECT_NE(m->StatsLine().find("throttled"), std::string::npos);

  auto half = MakeMutator("json");
  half->set_cpu_throttle(0.5);
  for (int i = 0; i < 200; ++i) {
    half->MutateString(samples[i % samples.size()], 4096, i);
  }
  EXPECT_GT(half->stats().tree_mutations, 0u);
  EXPECT_GT(half->stats().cpu_throttled, 0u);

  auto never = MakeMutator("json");
  auto zero = MakeMutator("json");
  zero->set_cpu_throttle(1);
  zero->set_cpu_throttle(0);
  for (int i = 0; i < 200; ++i) {
    const std::string& in = samples[i % samples.size()];
    EXPECT_EQ(zero->MutateString(in, 4096, 1000 + i),
              never->MutateString(in, 4096, 1000 + i))
        << i;
  }
  EXPECT_EQ(zero->stats().cpu_throttled, 0u);

  auto g = MakeMutator("json", ModePolicy::kAdaptive, "grammar");
  g->set_cpu_throttle(1);
  for (int i = 0; i < 50; ++i) {
    g->MutateString(samples[i % samples.size()], 4096, i);
  }
  EXPECT_GT(g->stats().tree_mutations, 0u);
  EXPECT_EQ(g->stats().cpu_throttled, 0u);
}

// Token regeneration reuses the input's own texts (GRAMMUT_INPUT_TEXTS):
// the key "zz" becomes "alpha", the other key of the same input. Without
// it that exact string is never made (learning is off: no corpus pool).
TEST(Mutator, TokenRegenerateReusesTheInputsTexts) {
  const std::string in = R"({"alpha": 1, "zz": [2]})";
  const std::string want = R"({"alpha": 1, "alpha": [2]})";
  for (double chance : {1.0, 0.0}) {
    MutatorConfig config;
    config.mode = ModePolicy::kUniform;  // no weights file: learning off
    config.arms = "token-regenerate";
    config.input_texts = chance;
    auto m = Mutator::Create(config, testing::LoadShipped("json"));
    ASSERT_TRUE(m.ok()) << m.status();
    bool seen = false;
    for (int seed = 0; seed < 500 && !seen; ++seed) {
      seen = (*m)->MutateString(in, 4096, seed) == want;
    }
    EXPECT_EQ(seen, chance > 0) << chance;
  }
}

// Swap prefers a partner from the same place (GRAMMUT_PLACES): the table
// name after FROM is swapped with the one after CREATE TABLE, and less
// often with the type name INTEGER, which stands under typeName.
TEST(Mutator, SwapPrefersPartnersFromTheSamePlace) {
  const std::string in = "CREATE TABLE tbl(col INTEGER); SELECT 1 FROM tbl;";
  int type_in_from[2] = {0, 0};
  for (bool places : {true, false}) {
    MutatorConfig config;
    config.mode = ModePolicy::kUniform;
    config.arms = "swap";
    config.places = places;
    auto m = Mutator::Create(config, testing::LoadShipped("sqlite"));
    ASSERT_TRUE(m.ok()) << m.status();
    for (int seed = 0; seed < 2000; ++seed) {
      const std::string out = (*m)->MutateString(in, 4096, seed);
      type_in_from[places] += out.find("FROM INTEGER") != std::string::npos;
    }
  }
  EXPECT_GT(type_in_from[false], 0);
  EXPECT_LT(type_in_from[true] * 3, type_in_from[false] * 2)
      << type_in_from[true] << " vs " << type_in_from[false];
}

TEST(Mutator, PlacesComeFromTheEnvironment) {
  unsetenv("GRAMMUT_PLACES");
  absl::StatusOr<MutatorConfig> c = ConfigFromEnvironment();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(c->places);
  setenv("GRAMMUT_PLACES", "0", 1);
  c = ConfigFromEnvironment();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->places);
  setenv("GRAMMUT_PLACES", "yes", 1);
  EXPECT_FALSE(ConfigFromEnvironment().ok());
  unsetenv("GRAMMUT_PLACES");
}

// `variable` unset gives the field `unset`; `good` gives `good_value`; each
// of `bad` is refused with an error that names the variable.
void ExpectNumberFromEnvironment(const char* variable,
                                 double MutatorConfig::*field, double unset,
                                 const char* good, double good_value,
                                 std::initializer_list<const char*> bad) {
  unsetenv(variable);
  absl::StatusOr<MutatorConfig> c = ConfigFromEnvironment();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c).*field, unset);
  setenv(variable, good, 1);
  c = ConfigFromEnvironment();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c).*field, good_value);
  for (const char* value : bad) {
    setenv(variable, value, 1);
    c = ConfigFromEnvironment();
    EXPECT_FALSE(c.ok()) << value;
    EXPECT_NE(c.status().message().find(variable), std::string::npos)
        << c.status();
  }
  unsetenv(variable);
}

TEST(Mutator, InputTextsComeFromTheEnvironment) {
  ExpectNumberFromEnvironment("GRAMMUT_INPUT_TEXTS",
                              &MutatorConfig::input_texts, 0.4, "0", 0,
                              {"1.5", "-1", "half"});
}

TEST(Mutator, CpuShareComesFromTheEnvironment) {
  // 0.09: the default budget; 0: none.
  ExpectNumberFromEnvironment("GRAMMUT_CPU_SHARE", &MutatorConfig::cpu_share,
                              0.09, "0", 0, {"2", "-0.1", "ten"});
}

TEST(Mutator, EdgeWinComesFromTheEnvironment) {
  ExpectNumberFromEnvironment("GRAMMUT_EDGE_WIN", &MutatorConfig::edge_win, 3,
                              "1", 1, {"0.5", "-2", "more"});
}

}  // namespace
}  // namespace grammut
