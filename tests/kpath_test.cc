// Tests for k-path coverage: the dissertation's worked numbers, trees.
#include "kpath/kpath.h"

#include <set>

#include "absl/container/flat_hash_set.h"
#include "generate/generator.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

class JsExpr : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache_k").c_str(),
           1);
    auto g = Grammar::Load(testing::TestData("JsExpr.g4"), "expr");
    ASSERT_TRUE(g.ok()) << g.status();
    grammar_ = std::move(*g);
    graph_ = std::make_unique<SymbolGraph>(*grammar_);
  }

  std::set<std::string> PathsOf(const Tree& t, int k) {
    std::set<std::string> out;
    KPathsOfTree(*graph_, t, k, [&](absl::Span<const int32_t> p) {
      out.insert(graph_->Describe(p));
    });
    return out;
  }

  std::unique_ptr<Grammar> grammar_;
  std::unique_ptr<SymbolGraph> graph_;
};

// Dissertation, section 2.3: the grammar of Figure 1.1 has 39 symbols and
// 125, 523, 2331, 10245 k-paths for k = 2..5.
TEST_F(JsExpr, CountsMatchTheDissertation) {
  EXPECT_EQ(graph_->num_symbols(), 39);
  const uint64_t expected[] = {39, 125, 523, 2331, 10245};
  for (int k = 1; k <= 5; ++k) {
    bool exact = false;
    EXPECT_EQ(graph_->Count(k, &exact), expected[k - 1]) << k;
    EXPECT_TRUE(exact);
    uint64_t listed = 0;
    EXPECT_TRUE(graph_->Enumerate(
        k, UINT64_MAX, [&](absl::Span<const int32_t>) { ++listed; }));
    EXPECT_EQ(listed, expected[k - 1]) << k;
  }
}

// Dissertation, section 2.3: "x+42" has twelve distinct 2-paths.
TEST_F(JsExpr, XPlus42HasTheTwelveTwoPathsOfTheDissertation) {
  Parser parser(*grammar_);
  auto r = parser.Parse("x+42");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->syntax_errors, 0);
  const std::set<std::string> expected = {
      "expr/addExpr -> addExpr/addExpr(left)",         // AddExpr0->AddExpr5
      "addExpr/addExpr(left) -> addExpr/multExpr#1",   // AddExpr5->MultExpr2
      "addExpr/multExpr#1 -> multExpr/unaryExpr#1",    // MultExpr2->UnaryExpr8
      "multExpr/unaryExpr#1 -> unaryExpr/identifier",  // ->Identifier16
      "unaryExpr/identifier -> identifier/'x'",        // ->"x"39
      "expr/addExpr -> addExpr/'+'",                   // AddExpr0->"+"10
      "expr/addExpr -> addExpr/multExpr#2",            // AddExpr0->MultExpr7
      "addExpr/multExpr#2 -> multExpr/unaryExpr#1",    // MultExpr7->UnaryExpr8
      "multExpr/unaryExpr#1 -> unaryExpr/decDigits",   // ->DecDigits22
      "unaryExpr/decDigits -> decDigits/decDigit",     // ->DecDigit42
      "decDigits/decDigit -> decDigit/'4'",            // ->"4"48
      "decDigits/decDigit -> decDigit/'2'",            // ->"2"46
  };
  EXPECT_EQ(PathsOf(r->tree, 2), expected);
  // Symbols: 12 of the 39 (section 2.3's symbol coverage 30.77%).
  EXPECT_EQ(PathsOf(r->tree, 1).size(), 12u);
}

TEST_F(JsExpr, BinaryAndUnaryPlusAreDifferentSymbols) {
  Parser parser(*grammar_);
  auto r = parser.Parse("+x+1");
  ASSERT_TRUE(r.ok());
  const std::set<std::string> ones = PathsOf(r->tree, 1);
  EXPECT_TRUE(ones.count("addExpr/'+'"));
  EXPECT_TRUE(ones.count("unaryExpr/'+'"));
}

// Deeper context tells "(x+2)" from "((x+2))": not with 2-paths, with 5.
TEST_F(JsExpr, ParenthesesNeedFivePathsToTellApart) {
  Parser parser(*grammar_);
  auto one = parser.Parse("(x+2)");
  auto two = parser.Parse("((x+2))");
  ASSERT_TRUE(one.ok() && two.ok());
  auto plus_paths = [&](const Tree& t, int k) {
    std::set<std::string> out;
    for (const std::string& p : PathsOf(t, k)) {
      if (p.size() >= 11 && p.substr(p.size() - 11) == "addExpr/'+'") {
        out.insert(p);
      }
    }
    return out;
  };
  EXPECT_EQ(plus_paths(one->tree, 2), plus_paths(two->tree, 2));
  EXPECT_NE(plus_paths(one->tree, 5), plus_paths(two->tree, 5));
}

// Generated trees are flat where ANTLR's parse trees nest left-recursive
// rules; both give the same k-paths for the same text.
TEST_F(JsExpr, GeneratedAndParsedTreesHaveTheSameKPaths) {
  Weights weights(*grammar_);
  GeneratorKit kit(*grammar_, weights, nullptr);
  Parser parser(*grammar_);
  GenerateOptions options;
  options.max_bytes = 120;
  Rng rng(4);
  for (int i = 0; i < 200; ++i) {
    auto t = kit.generator.Generate(grammar_->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    auto r = parser.Parse(t->Text());
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->syntax_errors, 0) << t->Text();
    for (int k = 1; k <= 4; ++k) {
      ASSERT_EQ(PathsOf(*t, k), PathsOf(r->tree, k)) << t->Text();
    }
  }
}

// Every k-path of a tree is a k-path of the grammar.
TEST(KPath, TreePathsAreGrammarPaths) {
  for (const std::string& name : {"json", "sqlite", "lua"}) {
    auto g = testing::LoadShipped(name);
    SymbolGraph graph(*g);
    Parser parser(*g);
    for (int k = 1; k <= 3; ++k) {
      absl::flat_hash_set<uint64_t> all;
      graph.Enumerate(k, 3000000, [&](absl::Span<const int32_t> p) {
        all.insert(KPathHash(p));
      });
      int checked = 0;
      for (const std::string& f : testing::Samples(name)) {
        auto r = parser.Parse(testing::ReadFileOrDie(f));
        ASSERT_TRUE(r.ok());
        KPathsOfTree(graph, r->tree, k, [&](absl::Span<const int32_t> p) {
          ++checked;
          ASSERT_TRUE(all.contains(KPathHash(p)))
              << name << " " << f << ": " << graph.Describe(p);
        });
      }
      EXPECT_GT(checked, 100) << name << " k=" << k;
    }
  }
}

// The parse trees of grammar `name`'s samples, then `generated` trees
// derived from its start rule (at most 400 bytes each, seeded by `seed`);
// empty, with a test failure, if a sample does not parse or a derivation
// fails.
std::vector<Tree> SamplesAndGeneratedTrees(const Grammar& g,
                                           const std::string& name,
                                           uint64_t seed, int generated) {
  Parser parser(g);
  Weights weights(g);
  GeneratorKit kit(g, weights, nullptr);
  std::vector<Tree> trees;
  for (const std::string& f : testing::Samples(name)) {
    auto r = parser.Parse(testing::ReadFileOrDie(f));
    if (!r.ok()) {
      ADD_FAILURE() << f << ": " << r.status();
      return {};
    }
    trees.push_back(std::move(r->tree));
  }
  Rng rng(seed);
  GenerateOptions options;
  options.max_bytes = 400;
  for (int i = 0; i < generated; ++i) {
    auto t = kit.generator.Generate(g.start_rule(), rng, options);
    if (!t.has_value()) {
      ADD_FAILURE() << name << ": derivation " << i << " failed";
      return {};
    }
    trees.push_back(std::move(*t));
  }
  return trees;
}

// NodeHasSymbol, asked at every node, says of every symbol exactly what
// the 1-paths say, on parsed trees (nested left recursion) and generated
// ones.
TEST(KPath, NodeHasSymbolAgreesWithTheOnePaths) {
  for (const std::string& name : {"json", "sqlite", "lua"}) {
    auto g = testing::LoadShipped(name);
    SymbolGraph graph(*g);
    const std::vector<Tree> trees =
        SamplesAndGeneratedTrees(*g, name, /*seed=*/7, /*generated=*/20);
    ASSERT_FALSE(trees.empty()) << name;
    KPathScratch scratch;
    int present = 0;
    for (const Tree& t : trees) {
      absl::flat_hash_set<int32_t> symbols;
      KPathsOfTree(graph, t, 1,
                   [&](absl::Span<const int32_t> p) { symbols.insert(p[0]); });
      for (int s = 0; s < graph.num_symbols(); ++s) {
        bool at_some_node = false;
        for (int n = 0; n < t.size() && !at_some_node; ++n) {
          at_some_node = NodeHasSymbol(graph, t, n, s, &scratch);
        }
        ASSERT_EQ(at_some_node, symbols.contains(s))
            << name << ": " << graph.Describe({&s, 1}) << " in " << t.Text();
      }
      present += static_cast<int>(symbols.size());
    }
    EXPECT_GT(present, 100) << name;
  }
}

// A scratch reused over many trees answers node shapes it has matched
// before from its memo: every tree still gets exactly the paths, in the
// same order, that a fresh scratch finds.
TEST(KPath, ReusedScratchFindsWhatAFreshOneFinds) {
  for (const std::string& name : {"json", "sqlite", "lua"}) {
    auto g = testing::LoadShipped(name);
    SymbolGraph graph(*g);
    const std::vector<Tree> trees =
        SamplesAndGeneratedTrees(*g, name, /*seed=*/11, /*generated=*/30);
    ASSERT_FALSE(trees.empty()) << name;
    auto paths = [&](const Tree& t, KPathScratch* scratch) {
      std::vector<uint64_t> out;
      KPathsOfTree(
          graph, t, 2,
          [&](absl::Span<const int32_t> p) { out.push_back(KPathHash(p)); },
          scratch);
      return out;
    };
    KPathScratch reused;
    size_t total = 0;
    for (int round = 0; round < 2; ++round) {
      for (const Tree& t : trees) {
        KPathScratch fresh;
        const std::vector<uint64_t> want = paths(t, &fresh);
        ASSERT_EQ(paths(t, &reused), want) << name << ": " << t.Text();
        total += want.size();
      }
    }
    EXPECT_GT(total, 1000u) << name;
  }
}

// Long lists are matched afresh, not remembered: a walk over many arrays
// of different lengths leaves the scratch small, and still finds what a
// fresh scratch finds.
TEST(KPath, LongListsDoNotGrowTheScratch) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Parser parser(*g);
  KPathScratch reused;
  for (int n = 100; n < 1100; n += 3) {
    std::string text = "[1";
    for (int i = 1; i < n; ++i) text += ",1";
    text += "]";
    auto r = parser.Parse(text);
    ASSERT_TRUE(r.ok());
    std::vector<uint64_t> want, got;
    KPathScratch fresh;
    KPathsOfTree(
        graph, r->tree, 2,
        [&](absl::Span<const int32_t> p) { want.push_back(KPathHash(p)); },
        &fresh);
    KPathsOfTree(
        graph, r->tree, 2,
        [&](absl::Span<const int32_t> p) { got.push_back(KPathHash(p)); },
        &reused);
    ASSERT_EQ(got, want) << n;
  }
  // Remembering each array's match would hold several MB here.
  EXPECT_LT(reused.MemoryBytes(), size_t{2} << 20);
}

}  // namespace
}  // namespace grammut
