// Tests for weighing decisions by place: DecisionPlace, PlacedCounts through
// Weights, and learned generation at a place.
#include <string>

#include "learn/decision_place.h"
#include "generate/generator.h"
#include "parse/parser.h"
#include "learn/weights.h"
#include "gtest/gtest.h"
#include "mutate/config.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

DecisionPlace Place(int32_t inner, int32_t outer) {
  DecisionPlace p;
  p.rules[0] = inner;
  p.rules[1] = outer;
  return p;
}

TEST(DecisionPlace, RunsOfOneRuleCountOnce) {
  // Rules 1 > 2 > 2 > 2 > node of rule 3: the place is [2, 1].
  EXPECT_EQ(DecisionPlace::Of({1, 2, 2, 2}, 3, true), Place(2, 1));
  // The node's own rule repeating directly above it is skipped.
  EXPECT_EQ(DecisionPlace::Of({1, 2, 3, 3}, 3, true), Place(2, 1));
  // Alternating rules are not runs.
  EXPECT_EQ(DecisionPlace::Of({1, 2, 3, 2}, 3, true), Place(2, 3));
}

TEST(DecisionPlace, RootAndUnknown) {
  EXPECT_EQ(DecisionPlace::Of({}, 5, true), DecisionPlace::Root());
  EXPECT_EQ(DecisionPlace::Of({4}, 5, true), Place(4, DecisionPlace::kRoot));
  EXPECT_EQ(DecisionPlace::Root().known(), DecisionPlace::kDepth);
  // A list cut short: what lies beyond it is unknown.
  const DecisionPlace cut = DecisionPlace::Of({2, 2}, 3, false);
  EXPECT_EQ(cut, Place(2, DecisionPlace::kUnknown));
  EXPECT_EQ(cut.known(), 1);
  EXPECT_EQ(DecisionPlace::Of({}, 3, false).known(), 0);
}

TEST(DecisionPlace, ChildAgreesWithOf) {
  const std::vector<int32_t> chain = {0, 1, 2, 2, 4, 1, 1};
  for (size_t n = 1; n < chain.size(); ++n) {
    const std::vector<int32_t> outer(chain.begin(), chain.begin() + n - 1);
    const std::vector<int32_t> with(chain.begin(), chain.begin() + n);
    for (int rule : {1, 2, 7}) {
      EXPECT_EQ(DecisionPlace::Of(with, rule, true),
                DecisionPlace::Of(outer, chain[n - 1], true)
                    .Child(chain[n - 1], rule))
          << n << " " << rule;
    }
  }
}

class JsonPlaces : public ::testing::Test {
 protected:
  void SetUp() override {
    grammar_ = testing::LoadShipped("json");
    value_ = grammar_->FindRule("jsonValue");
    array_ = grammar_->FindRule("jsonArray");
    member_ = grammar_->FindRule("member");
    object_ = grammar_->FindRule("jsonObject");
    ASSERT_GE(value_, 0);
    for (int d = 0; d < grammar_->num_decisions(); ++d) {
      if (grammar_->decision(d).rule == value_) decision_ = d;
    }
    ASSERT_GE(decision_, 0);
    ASSERT_EQ(grammar_->decision(decision_).num_alts, 7);
  }
  void Learn(Weights* w, const std::string& text) {
    Parser parser(*grammar_);
    auto r = parser.Parse(text);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->syntax_errors, 0);
    w->AddTree(r->tree);
  }
  // jsonValue's alternatives: object, array, string, number, ...
  static constexpr int kObject = 0, kNumber = 3;
  std::unique_ptr<Grammar> grammar_;
  int value_ = -1, array_ = -1, member_ = -1, object_ = -1, decision_ = -1;
};

TEST_F(JsonPlaces, LearnedProbabilitiesFollowThePlace) {
  Weights w(*grammar_);
  w.set_by_place(ProbabilityMode::kLearned, true);
  Learn(&w, R"({"a": {"b": {"c": 1}}, "d": [1, 2, 3, 4, 5, 6]})");
  const DecisionPlace item = Place(array_, member_);
  const DecisionPlace field = Place(member_, object_);
  // Array items were all numbers; member values 2 objects, 1 number, 1
  // array; overall 3 objects (the root's too) and 7 numbers of 11.
  EXPECT_DOUBLE_EQ(
      w.Probabilities(decision_, ProbabilityMode::kLearned, item)[kNumber], 1);
  EXPECT_DOUBLE_EQ(
      w.Probabilities(decision_, ProbabilityMode::kLearned, field)[kObject],
      0.5);
  // One level known: array items under any rule.
  const DecisionPlace inner_only = Place(array_, DecisionPlace::kUnknown);
  EXPECT_DOUBLE_EQ(w.Probabilities(decision_, ProbabilityMode::kLearned,
                                   inner_only)[kNumber],
                   1);
  // Other modes, an unseen place and by_place off: the overall counts.
  EXPECT_DOUBLE_EQ(w.Probabilities(decision_, ProbabilityMode::kLearned,
                                   Place(object_, value_))[kNumber],
                   7.0 / 11);
  EXPECT_DOUBLE_EQ(
      w.Probabilities(decision_, ProbabilityMode::kUniform, item)[kNumber],
      1.0 / 7);
  w.set_by_place(ProbabilityMode::kLearned, false);
  EXPECT_DOUBLE_EQ(
      w.Probabilities(decision_, ProbabilityMode::kLearned, item)[kNumber],
      7.0 / 11);
}

// Inverse mode by place: what the place never showed takes all the mass.
TEST_F(JsonPlaces, InverseProbabilitiesFollowThePlace) {
  Weights w(*grammar_);
  w.set_by_place(ProbabilityMode::kInverse, true);
  Learn(&w, R"({"a": {"b": {"c": 1}}, "d": [1, 2, 3, 4, 5, 6]})");
  const std::vector<double>& p = w.Probabilities(
      decision_, ProbabilityMode::kInverse, Place(array_, member_));
  EXPECT_DOUBLE_EQ(p[kNumber], 0);
  EXPECT_DOUBLE_EQ(p[kObject], 1.0 / 6);
  // Overall every alternative but the three seen shares it: objects get 0.
  EXPECT_DOUBLE_EQ(
      w.Probabilities(decision_, ProbabilityMode::kInverse)[kObject], 0);
  // Learned mode is not by place here.
  EXPECT_DOUBLE_EQ(w.Probabilities(decision_, ProbabilityMode::kLearned,
                                   Place(array_, member_))[kNumber],
                   7.0 / 11);
}

TEST_F(JsonPlaces, APlaceSeenTooRarelyFallsBack) {
  Weights w(*grammar_);
  w.set_by_place(ProbabilityMode::kLearned, true);
  // Three array items (fewer than kMinTotal), four objects elsewhere.
  Learn(&w, R"({"a": [1, 2, 3], "b": {}, "c": {}, "d": {}})");
  ASSERT_LT(3, PlacedCounts::kMinTotal);
  EXPECT_DOUBLE_EQ(w.Probabilities(decision_, ProbabilityMode::kLearned,
                                   Place(array_, member_))[kNumber],
                   3.0 / 8);
  // One more item: now the place's own counts.
  Learn(&w, R"({"e": [4]})");
  EXPECT_DOUBLE_EQ(w.Probabilities(decision_, ProbabilityMode::kLearned,
                                   Place(array_, member_))[kNumber],
                   1);
}

TEST_F(JsonPlaces, ResetRuleForgetsThePlaces) {
  Weights w(*grammar_);
  w.set_by_place(ProbabilityMode::kLearned, true);
  Learn(&w, R"({"d": [1, 2, 3, 4, 5, 6]})");
  const size_t entries = w.placed_entries();
  w.ResetRule(value_);
  EXPECT_DOUBLE_EQ(w.Probabilities(decision_, ProbabilityMode::kLearned,
                                   Place(array_, member_))[kNumber],
                   1.0 / 7);
  // The array's and the object's loop decisions keep theirs.
  EXPECT_LT(w.placed_entries(), entries);
  EXPECT_GT(w.placed_entries(), 0u);
}

// Generated where an array item stands, a learned value is a number every
// time; with no place, the overall counts soon give an object.
TEST_F(JsonPlaces, LearnedGenerationAtAPlace) {
  Weights w(*grammar_);
  w.set_by_place(ProbabilityMode::kLearned, true);
  Learn(&w, R"({"a": {"b": {"c": 1}}, "d": [1, 2, 3, 4, 5, 6]})");
  GeneratorKit kit(*grammar_, w, nullptr);
  GenerateOptions options;
  options.mode = ProbabilityMode::kLearned;
  options.max_bytes = 256;
  options.place = Place(array_, member_);
  Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    auto t = kit.generator.Generate(value_, rng, options);
    ASSERT_TRUE(t.has_value());
    const std::string text = t->Text();
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text[0], '{') << text;
  }
  options.place = DecisionPlace();
  bool object = false;
  for (int i = 0; i < 200 && !object; ++i) {
    auto t = kit.generator.Generate(value_, rng, options);
    ASSERT_TRUE(t.has_value());
    object = t->Text()[0] == '{';
  }
  EXPECT_TRUE(object);
}

// Past kMaxEntries new places are not counted, and the memory stays small.
TEST(PlacedCounts, EntriesAreCapped) {
  PlacedCounts counts;
  for (int a = 0; a < 300; ++a) {
    for (int b = 0; b < 300; ++b) counts.Add(a % 7, 3, Place(a, b), 1, 1);
  }
  EXPECT_EQ(counts.size(), PlacedCounts::kMaxEntries);
  EXPECT_LT(counts.MemoryBytes(), size_t{8} << 20);
  // Counted places still learn.
  for (int i = 0; i < 4; ++i) counts.Add(0, 3, Place(0, 0), 2, 1);
  const std::vector<double>* p =
      counts.Probabilities(0, Place(0, 0), ProbabilityMode::kLearned, 0);
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ((*p)[1], 0.8);
}

// Through the mutator: learned regeneration of an INSERT whose corpus shows
// literals in VALUES rows and column names elsewhere never puts a column
// reference in a VALUES row (SQLite: "no such column"); by decision only,
// it soon does. (With smoothing, which the default has, unseen alternatives
// keep a little mass in each place.)
bool ColumnInValuesRow(const Grammar& g, const std::string& sql) {
  Parser parser(g);
  auto r = parser.Parse(sql);
  if (!r.ok() || r->syntax_errors > 0) return false;
  const Tree& t = r->tree;
  const int column = g.FindRule("columnRef");
  const int row = g.FindRule("valuesRow");
  for (int i = 0; i < t.size(); ++i) {
    if (!t.node(i).is_rule || t.node(i).symbol != column) continue;
    for (int p = t.Parent(i); p >= 0; p = t.Parent(p)) {
      if (t.node(p).symbol == row) return true;
    }
  }
  return false;
}

TEST(PlacedWeights, LearnedRegenerationKeepsColumnsOutOfValuesRows) {
  const char* corpus[] = {
      "CREATE TABLE t(a, b);",
      "INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z'), (4, 'w');",
      "SELECT a, b FROM t WHERE a = b AND b > a OR a < 3;",
      "SELECT a + b FROM t WHERE a IN (b, a) ORDER BY b, a;",
      "UPDATE t SET a = b WHERE b = a;"};
  for (const bool by_place : {true, false}) {
    MutatorConfig config;
    config.placed_learned = by_place;
    // Without smoothing, alternatives a place never showed get no mass.
    config.smoothing = 0;
    auto m = Mutator::Create(config, testing::LoadShipped("sqlite"));
    ASSERT_TRUE(m.ok()) << m.status();
    // Grammar arms only, so that each entry is parsed and learned.
    ASSERT_TRUE((*m)->RestrictArms("grammar").ok());
    for (const char* c : corpus) (*m)->MutateString(c, 4096, 1);
    ASSERT_TRUE((*m)->RestrictArms("regenerate/learned").ok());
    auto g = testing::LoadShipped("sqlite");
    int found = -1;
    for (int i = 0; i < 400 && found < 0; ++i) {
      const std::string out = (*m)->MutateString(
          "INSERT INTO t VALUES (5, 'q');", 4096, static_cast<unsigned>(i));
      if (ColumnInValuesRow(*g, out)) found = i;
    }
    if (by_place) {
      EXPECT_EQ(found, -1) << "a column reference in a VALUES row";
    } else {
      EXPECT_GE(found, 0) << "by decision only, expected one";
    }
  }
}

}  // namespace
}  // namespace grammut
