// Tests for the probabilistic grammar: Inputs from Hell's worked example,
// learning fidelity, and the weights file format.
#include "learn/weights.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "absl/strings/match.h"
#include "generate/generator.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The decision of `rule` of the given kind (the first one).
int FindDecision(const Grammar& g, const std::string& rule, DecisionKind kind,
                 int num_alts) {
  for (int d = 0; d < g.num_decisions(); ++d) {
    const DecisionInfo& info = g.decision(d);
    if (g.rule_name(info.rule) == rule && info.kind == kind &&
        info.num_alts == num_alts) {
      return d;
    }
  }
  return -1;
}

class IfHExample : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache_w").c_str(),
           1);
    auto g = Grammar::Load(testing::TestData("Expr.g4"));
    ASSERT_TRUE(g.ok()) << g.status();
    grammar_ = std::move(*g);
    weights_ = std::make_unique<Weights>(*grammar_);
    Parser parser(*grammar_);
    auto r = parser.Parse("1 * (2 + 3)");
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->syntax_errors, 0);
    weights_->AddTree(r->tree);
  }
  std::vector<double> P(int d, ProbabilityMode m) {
    return weights_->Probabilities(d, m);
  }
  std::unique_ptr<Grammar> grammar_;
  std::unique_ptr<Weights> weights_;
};

// IfH section 3.2: Factor is 75% Int, 25% "(" Expr ")", 0% for each unary.
TEST_F(IfHExample, LearnedFactor) {
  const int d = FindDecision(*grammar_, "factor", DecisionKind::kBlock, 4);
  ASSERT_GE(d, 0);
  const auto p = P(d, ProbabilityMode::kLearned);
  EXPECT_NEAR(p[0], 0.75, 1e-9);
  EXPECT_NEAR(p[1], 0.25, 1e-9);
  EXPECT_NEAR(p[2], 0.0, 1e-9);
  EXPECT_NEAR(p[3], 0.0, 1e-9);
}

// IfH section 3.3: inverted, the unseen unary alternatives take all mass.
TEST_F(IfHExample, InverseFactor) {
  const int d = FindDecision(*grammar_, "factor", DecisionKind::kBlock, 4);
  const auto p = P(d, ProbabilityMode::kInverse);
  EXPECT_NEAR(p[0], 0.0, 1e-9);
  EXPECT_NEAR(p[1], 0.0, 1e-9);
  EXPECT_NEAR(p[2], 0.5, 1e-9);
  EXPECT_NEAR(p[3], 0.5, 1e-9);
}

// Expr: 66.7% Term, 33.3% Expr "+" Term. ANTLR compiles the left recursion
// into a loop: one more iteration 1 time in 3, leave 2 times in 3.
TEST_F(IfHExample, LearnedAndInverseExprLoop) {
  const int d = FindDecision(*grammar_, "expr", DecisionKind::kPrecedence, 2);
  ASSERT_GE(d, 0);
  const int exit = grammar_->decision(d).exit_alt;
  const int loop = 3 - exit;
  auto p = P(d, ProbabilityMode::kLearned);
  EXPECT_NEAR(p[loop - 1], 1.0 / 3, 1e-9);
  EXPECT_NEAR(p[exit - 1], 2.0 / 3, 1e-9);
  // Inverse: proportional to 1/1 and 1/2.
  p = P(d, ProbabilityMode::kInverse);
  EXPECT_NEAR(p[loop - 1], 2.0 / 3, 1e-9);
  EXPECT_NEAR(p[exit - 1], 1.0 / 3, 1e-9);
}

// Term: 75% Factor, 25% Term "*" Factor.
TEST_F(IfHExample, LearnedTermLoop) {
  const int d = FindDecision(*grammar_, "term", DecisionKind::kPrecedence, 2);
  ASSERT_GE(d, 0);
  const int exit = grammar_->decision(d).exit_alt;
  const auto p = P(d, ProbabilityMode::kLearned);
  EXPECT_NEAR(p[exit - 1], 0.75, 1e-9);
  EXPECT_NEAR(p[2 - exit], 0.25, 1e-9);
}

// Int: 100% Digit; inverted 100% Digit Int.
TEST_F(IfHExample, IntegerAlternatives) {
  const int d = FindDecision(*grammar_, "integer", DecisionKind::kBlock, 2);
  ASSERT_GE(d, 0);
  auto p = P(d, ProbabilityMode::kLearned);
  EXPECT_NEAR(p[0], 1.0, 1e-9);
  EXPECT_NEAR(p[1], 0.0, 1e-9);
  p = P(d, ProbabilityMode::kInverse);
  EXPECT_NEAR(p[0], 0.0, 1e-9);
  EXPECT_NEAR(p[1], 1.0, 1e-9);
}

TEST_F(IfHExample, UniformAndUnseenDecisions) {
  const int d = FindDecision(*grammar_, "factor", DecisionKind::kBlock, 4);
  for (double v : P(d, ProbabilityMode::kUniform)) EXPECT_NEAR(v, 0.25, 1e-9);
  Weights empty(*grammar_);
  for (ProbabilityMode m :
       {ProbabilityMode::kLearned, ProbabilityMode::kInverse}) {
    for (double v : empty.Probabilities(d, m)) EXPECT_NEAR(v, 0.25, 1e-9);
  }
}

TEST_F(IfHExample, SmoothingGivesUnseenAlternativesMass) {
  const int d = FindDecision(*grammar_, "factor", DecisionKind::kBlock, 4);
  weights_->set_smoothing(1.0);
  const auto p = P(d, ProbabilityMode::kLearned);
  EXPECT_NEAR(p[0], 4.0 / 8, 1e-9);
  EXPECT_NEAR(p[2], 1.0 / 8, 1e-9);
}

TEST_F(IfHExample, InverseGenerationPrefersUnseenAlternatives) {
  GeneratorKit kit(*grammar_, *weights_, nullptr);
  Generator& gen = kit.generator;
  GenerateOptions options;
  options.mode = ProbabilityMode::kInverse;
  options.max_bytes = 200;
  Rng rng(1);
  int unary = 0, with_minus = 0;
  for (int i = 0; i < 200; ++i) {
    auto t = gen.Generate(grammar_->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    const std::string s = t->Text();
    unary += s.find('(') == std::string::npos;
    with_minus += s.find('-') != std::string::npos;
  }
  // Unseen alternatives ("-", unary factors) dominate; "(" expr ")" was
  // seen, so inverse mode never takes it (and it is not the cheapest way
  // out: an integer is).
  EXPECT_GT(with_minus, 150);
  EXPECT_EQ(unary, 200);
}

TEST(Weights, SaveLoadRoundTrip) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  Weights w(*g);
  for (const std::string& f : testing::Samples("json")) {
    w.AddTree(parser.Parse(testing::ReadFileOrDie(f))->tree);
  }
  w.set_smoothing(0.5);
  const std::string path = ::testing::TempDir() + "/json.weights";
  ASSERT_TRUE(w.Save(path).ok());
  Weights loaded(*g);
  ASSERT_TRUE(loaded.Load(path).ok());
  EXPECT_EQ(loaded.ToText(), w.ToText());
  EXPECT_EQ(loaded.smoothing(), 0.5);
  EXPECT_EQ(loaded.trees(), w.trees());
  // The file names rules and alternatives for people.
  EXPECT_TRUE(absl::StrContains(w.ToText(), "jsonValue"));
}

// Two processes saving to one file (libFuzzer -fork or -jobs workers): each
// save adds what its process learned since its previous save, so the file
// ends up with both processes' counts, and a process that learned nothing
// changes nothing.
TEST(Weights, SavesFromSeveralProcessesAddUp) {
  auto g = testing::LoadShipped("json");
  int d = 0;
  while (g->decision(d).num_alts < 2) ++d;
  const std::string path = ::testing::TempDir() + "/merged.weights";
  std::remove(path.c_str());
  Weights a(*g), b(*g), idle(*g);
  auto base_a = std::make_unique<Weights>(a);
  auto base_b = std::make_unique<Weights>(b);
  a.Add(d, 1, 3);
  ASSERT_TRUE(a.SaveMerged(path, *base_a).ok());
  base_a = std::make_unique<Weights>(a);
  b.Add(d, 2, 5);
  b.AddToken(1, 2);
  ASSERT_TRUE(b.SaveMerged(path, *base_b).ok());
  base_b = std::make_unique<Weights>(b);
  a.Add(d, 1, 1);  // a learns one more; its next save adds just that
  ASSERT_TRUE(a.SaveMerged(path, *base_a).ok());
  ASSERT_TRUE(idle.SaveMerged(path, Weights(*g)).ok());
  Weights file(*g);
  ASSERT_TRUE(file.Load(path).ok());
  EXPECT_EQ(file.count(d, 1), 4);
  EXPECT_EQ(file.count(d, 2), 5);
  EXPECT_EQ(file.token_count(1), 2);
  // Starting from the saved file (GRAMMUT_WEIGHTS = GRAMMUT_SAVE_WEIGHTS)
  // does not count the loaded counts twice.
  Weights resumed(*g);
  ASSERT_TRUE(resumed.Load(path).ok());
  const Weights base(resumed);
  resumed.Add(d, 2, 1);
  ASSERT_TRUE(resumed.SaveMerged(path, base).ok());
  ASSERT_TRUE(file.Load(path).ok());
  EXPECT_EQ(file.count(d, 1), 4);
  EXPECT_EQ(file.count(d, 2), 6);
}

TEST(Weights, RejectsAFileMadeForAnotherGrammar) {
  auto json = testing::LoadShipped("json");
  auto lua = testing::LoadShipped("lua");
  const std::string path = ::testing::TempDir() + "/lua.weights";
  ASSERT_TRUE(Weights(*lua).Save(path).ok());
  Weights w(*json);
  absl::Status st = w.Load(path);
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(absl::StrContains(st.message(), "Lua")) << st;
  EXPECT_TRUE(absl::StrContains(st.message(), "JSON")) << st;
}

TEST(Weights, RefusesAFileCutShort) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  Weights w(*g);
  for (const std::string& f : testing::Samples("json")) {
    w.AddTree(parser.Parse(testing::ReadFileOrDie(f))->tree);
  }
  const std::string text = w.ToText();
  // Cut after the third decision line, as a copy interrupted would.
  size_t at = 0;
  for (int k = 0; k < 3; ++k) at = text.find("\ndecision ", at + 1);
  ASSERT_NE(at, std::string::npos);
  Weights cut(*g);
  absl::Status st = cut.FromText(text.substr(0, at + 1), "w.txt");
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(absl::StrContains(st.message(), "cut short")) << st;
  // A line removed from the middle: the end line does not match.
  const size_t line = text.find("\ntoken ");
  ASSERT_NE(line, std::string::npos);
  const std::string edited =
      text.substr(0, line) + text.substr(text.find('\n', line + 1));
  st = cut.FromText(edited, "w.txt");
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(absl::StrContains(st.message(), "incomplete")) << st;
  // The whole file loads, token counts included.
  ASSERT_TRUE(cut.FromText(text, "w.txt").ok());
  EXPECT_EQ(cut.ToText(), text);
}

// ANTLR merges single-token alternatives into one set transition; their
// frequencies are learned through token counts.
TEST(Weights, TokenSetMembersFollowTheirCounts) {
  const std::string dir = ::testing::TempDir() + "/abc";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/Abc.g4")
      << "grammar Abc;\ns : (A | B | C)+ EOF ;\nA : 'a' ;\nB : 'b' ;\n"
         "C : 'c' ;\nWS : ' ' -> skip ;\n";
  setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache_w").c_str(), 1);
  auto g = Grammar::Load(dir + "/Abc.g4");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  Weights w(**g);
  auto r = parser.Parse("a a a a a a a a b b");  // 80% a, 20% b, no c
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->syntax_errors, 0);
  w.AddTree(r->tree);
  GeneratorKit kit(**g, w, nullptr);
  std::map<char, int> counts[3];
  const ProbabilityMode modes[] = {ProbabilityMode::kLearned,
                                   ProbabilityMode::kInverse,
                                   ProbabilityMode::kUniform};
  for (int m = 0; m < 3; ++m) {
    GenerateOptions options;
    options.mode = modes[m];
    Rng rng(2);
    for (int i = 0; i < 400; ++i) {
      auto t = kit.generator.Generate((*g)->start_rule(), rng, options);
      ASSERT_TRUE(t.has_value());
      for (char c : t->Text()) {
        if (c != ' ') ++counts[m][c];
      }
    }
  }
  const double learned_a =
      counts[0]['a'] / static_cast<double>(counts[0]['a'] + counts[0]['b']);
  EXPECT_NEAR(learned_a, 0.8, 0.05);
  EXPECT_EQ(counts[0]['c'], 0);  // never seen, no smoothing
  EXPECT_GT(counts[1]['c'], 0);  // inverse: only the unseen one
  EXPECT_EQ(counts[1]['a'] + counts[1]['b'], 0);
  EXPECT_GT(counts[2]['c'], counts[2]['a'] / 2);  // uniform: all three
}

TEST(Weights, RejectsGarbageWithLineNumbers) {
  auto g = testing::LoadShipped("json");
  Weights w(*g);
  absl::Status st = w.FromText("version 1\nbogus line\n", "f.txt");
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(absl::StrContains(st.message(), "f.txt:2")) << st;
  EXPECT_FALSE(w.FromText("version 7\n", "f.txt").ok());
  EXPECT_FALSE(w.FromText("", "f.txt").ok());
}

// Learning fidelity: inputs generated in learned mode reproduce the sample
// set's alternative frequencies.
TEST(Weights, LearnedGenerationReproducesSampleFrequencies) {
  for (const std::string name : {"json", "xml"}) {
    auto g = testing::LoadShipped(name);
    Parser parser(*g);
    Weights learned(*g);
    for (const std::string& f : testing::Samples(name)) {
      learned.AddTree(parser.Parse(testing::ReadFileOrDie(f))->tree);
    }
    GeneratorKit kit(*g, learned, nullptr);
    Generator& gen = kit.generator;
    GenerateOptions options;
    options.mode = ProbabilityMode::kLearned;
    options.max_bytes = 1 << 16;
    options.max_depth = 200;
    Weights observed(*g);
    Rng rng(42);
    for (int i = 0; i < 3000; ++i) {
      auto t = gen.Generate(g->start_rule(), rng, options);
      ASSERT_TRUE(t.has_value());
      auto r = parser.Parse(t->Text());
      ASSERT_TRUE(r.ok());
      observed.AddTree(r->tree);
    }
    double worst = 0;
    int compared = 0;
    for (int d = 0; d < g->num_decisions(); ++d) {
      if (g->decision(d).num_alts < 2) continue;
      if (learned.total(d) < 20 || observed.total(d) < 500) continue;
      const auto& p = learned.Probabilities(d, ProbabilityMode::kLearned);
      const auto& q = observed.Probabilities(d, ProbabilityMode::kLearned);
      for (size_t a = 0; a < p.size(); ++a) {
        worst = std::max(worst, std::fabs(p[a] - q[a]));
      }
      ++compared;
    }
    EXPECT_GE(compared, 3) << name;
    EXPECT_LE(worst, 0.05) << name;
  }
}

}  // namespace
}  // namespace grammut
