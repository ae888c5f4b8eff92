// Tests for k-path coverage sets and k-path covering suites.
#include "kpath/kpath_suite.h"

#include <set>

#include "kpath/kpath.h"
#include "kpath/kpath_coverage.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// "x+42" covers 12 of the JavaScript expression grammar's 125 2-paths
// (kpath_test); the other 113 are listed as uncovered, each exactly once.
TEST(KPathCoverage, ListsExactlyTheUncoveredPaths) {
  setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache_ks").c_str(),
         1);
  auto g = Grammar::Load(testing::TestData("JsExpr.g4"), "expr");
  ASSERT_TRUE(g.ok()) << g.status();
  SymbolGraph graph(**g);
  Parser parser(**g);
  auto r = parser.Parse("x+42");
  ASSERT_TRUE(r.ok());
  KPathCoverage coverage(graph, 2);
  EXPECT_EQ(coverage.CountNew(r->tree), 12);
  EXPECT_EQ(coverage.Add(r->tree), 12);
  EXPECT_EQ(coverage.Add(r->tree), 0);
  EXPECT_EQ(coverage.covered(), 12u);
  std::set<std::string> listed;
  const uint64_t missing = coverage.Uncovered(
      UINT64_MAX, UINT64_MAX, [&](absl::Span<const int32_t> p) {
        EXPECT_FALSE(coverage.Covers(p));
        listed.insert(graph.Describe(p));
      });
  EXPECT_EQ(missing, 125u - 12u);
  EXPECT_EQ(listed.size(), 125u - 12u);
  EXPECT_EQ(listed.count("expr/addExpr -> addExpr/'+'"), 0u);
  EXPECT_EQ(listed.count("expr/addExpr -> addExpr/'-'"), 1u);
  // A limit lists only that many, and still counts all.
  int shown = 0;
  EXPECT_EQ(coverage.Uncovered(5, UINT64_MAX,
                               [&](absl::Span<const int32_t>) { ++shown; }),
            113u);
  EXPECT_EQ(shown, 5);
}

// On JSON every 2- and 3-path is coverable; the suite covers them all, and
// parsing its inputs back gives exactly the coverage it claims.
TEST(KPathSuite, CoversEveryJsonPathAsTheParsesCountThem) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Weights weights(*g);
  Parser parser(*g);
  for (int k : {2, 3}) {
    KPathSuiteOptions opt;
    opt.k = k;
    opt.max_bytes = 512;
    KPathSuite suite = BuildKPathSuite(graph, weights, opt);
    EXPECT_EQ(suite.grammar_paths, graph.Count(k));
    EXPECT_EQ(suite.covered, suite.grammar_paths) << k;
    KPathCoverage measured(graph, k);
    for (const std::string& input : suite.inputs) {
      EXPECT_LE(input.size(), 512u);
      auto r = parser.Parse(input);
      ASSERT_TRUE(r.ok());
      ASSERT_EQ(r->syntax_errors, 0) << input;
      // Every input was kept for a k-path the ones before it lacked.
      EXPECT_GT(measured.Add(r->tree), 0) << input;
    }
    EXPECT_EQ(measured.covered(), suite.covered);
  }
}

TEST(KPathSuite, SameSeedSameSuite) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Weights weights(*g);
  KPathSuiteOptions opt;
  opt.k = 3;
  opt.seed = 7;
  const KPathSuite a = BuildKPathSuite(graph, weights, opt);
  const KPathSuite b = BuildKPathSuite(graph, weights, opt);
  EXPECT_EQ(a.inputs, b.inputs);
  opt.seed = 8;
  EXPECT_NE(BuildKPathSuite(graph, weights, opt).inputs, a.inputs);
}

}  // namespace
}  // namespace grammut
