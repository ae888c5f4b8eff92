// Tests for steered k-path suites (Algorithm 1 with its close-offs).
#include "kpath/kpath_steer.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "kpath/kpath.h"
#include "kpath/kpath_coverage.h"
#include "kpath/kpath_route.h"
#include "kpath/kpath_suite.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// Parses every input (each must parse without errors and fit `max_bytes`)
// and returns the coverage of the parses.
void Measure(const Grammar& grammar, const std::vector<std::string>& inputs,
             size_t max_bytes, KPathCoverage* coverage) {
  Parser parser(grammar);
  for (const std::string& input : inputs) {
    EXPECT_LE(input.size(), max_bytes);
    auto r = parser.Parse(input);
    ASSERT_TRUE(r.ok()) << input;
    ASSERT_EQ(r->syntax_errors, 0) << input;
    // Each input was made for a k-path the ones before it lacked.
    EXPECT_GT(coverage->Add(r->tree), 0) << input;
  }
}

// On JSON every 2- and 3-path is coverable (the greedy cover reaches them
// all, kpath_suite_test); the steered suite covers every one with each
// close-off, as the parses of its inputs count them.
TEST(SteeredKPathSuite, CoversEveryJsonPathWithEachCloseOff) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Weights weights(*g);
  for (int k : {2, 3}) {
    for (CloseOff c :
         {CloseOff::kShortest, CloseOff::kBounded, CloseOff::kLearned}) {
      SteeredSuiteOptions opt;
      opt.k = k;
      opt.max_bytes = 256;
      opt.close_off = c;
      const SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
      SCOPED_TRACE(absl::StrCat("k=", k, " ", CloseOffName(c)));
      EXPECT_EQ(s.suite.grammar_paths, graph.Count(k));
      EXPECT_EQ(s.enumerated, graph.Count(k));
      EXPECT_EQ(s.suite.covered, s.suite.grammar_paths);
      EXPECT_TRUE(s.given_up_paths.empty());
      KPathCoverage measured(graph, k);
      Measure(*g, s.suite.inputs, 256, &measured);
      EXPECT_EQ(measured.covered(), s.suite.covered);
    }
  }
}

TEST(SteeredKPathSuite, SameSeedSameSuite) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Weights weights(*g);
  SteeredSuiteOptions opt;
  opt.k = 3;
  opt.seed = 7;
  const SteeredSuite a = BuildSteeredKPathSuite(graph, weights, opt);
  const SteeredSuite b = BuildSteeredKPathSuite(graph, weights, opt);
  EXPECT_EQ(a.suite.inputs, b.suite.inputs);
  opt.seed = 8;
  EXPECT_NE(BuildSteeredKPathSuite(graph, weights, opt).suite.inputs,
            a.suite.inputs);
}

// The shortest close-off fills nothing it need not: each input is the
// smallest derivation along its route, so a tiny budget is enough.
TEST(SteeredKPathSuite, ShortestCloseOffFitsATinyBudget) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Weights weights(*g);
  SteeredSuiteOptions opt;
  opt.k = 2;
  opt.max_bytes = 16;
  opt.close_off = CloseOff::kShortest;
  const SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
  EXPECT_EQ(s.suite.covered, s.suite.grammar_paths);
  KPathCoverage measured(graph, 2);
  Measure(*g, s.suite.inputs, 16, &measured);
}

// Left recursion: in the JavaScript expression grammar of the dissertation
// (ANTLR's operator loops, implicit self-references) every 2- and 3-path
// is reached by a route through the loop's iterations.
TEST(SteeredKPathSuite, RoutesThroughOperatorLoops) {
  setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache_st").c_str(),
         1);
  auto g = Grammar::Load(testing::TestData("JsExpr.g4"), "expr");
  ASSERT_TRUE(g.ok()) << g.status();
  SymbolGraph graph(**g);
  Weights weights(**g);
  for (int k : {2, 3}) {
    SteeredSuiteOptions opt;
    opt.k = k;
    const SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
    EXPECT_EQ(s.suite.covered, graph.Count(k)) << k;
    KPathCoverage measured(graph, k);
    Measure(**g, s.suite.inputs, opt.max_bytes, &measured);
    EXPECT_EQ(measured.covered(), s.suite.covered);
  }
}

// One route, followed: the derivation holds the path it was steered to.
TEST(KPathRoute, SteeredDerivationHoldsItsPath) {
  auto g = testing::LoadShipped("json");
  SymbolGraph graph(*g);
  Weights weights(*g);
  KPathRouter router(graph);
  GeneratorKit kit(*g, weights, nullptr);
  Rng rng(1);
  int paths = 0;
  graph.Enumerate(3, UINT64_MAX, [&](absl::Span<const int32_t> path) {
    ++paths;
    Route route;
    ASSERT_TRUE(router.Plan(path, &route)) << graph.Describe(path);
    RouteSteer steer(router, route);
    GenerateOptions opt;
    opt.shortest = true;
    opt.steer = &steer;
    Tree tree;
    ASSERT_TRUE(kit.generator.Generate(g->start_rule(), rng, opt, &tree));
    EXPECT_TRUE(steer.done() && !steer.gave_up()) << graph.Describe(path);
    bool held = false;
    KPathsOfTree(graph, tree, 3, [&](absl::Span<const int32_t> p) {
      held |= std::equal(p.begin(), p.end(), path.begin(), path.end());
    });
    EXPECT_TRUE(held) << graph.Describe(path) << ": " << tree.Text();
  });
  EXPECT_EQ(paths, 74);
}

// A grammar whose deep paths random derivation almost never reaches: at
// each of 10 levels only the last of 20 alternatives goes deeper, so a
// random derivation reaches level L with probability 20^-L. The greedy
// cover over random derivations misses the deep paths; the steered suite
// goes straight to each one.
std::string DeepChainGrammar() {
  std::string g = "grammar Deep;\nstart : a0 EOF ;\n";
  for (int level = 0; level < 10; ++level) {
    absl::StrAppend(&g, "a", level, "\n");
    for (int alt = 0; alt < 19; ++alt) {
      absl::StrAppend(&g, alt == 0 ? "  : " : "  | ", "'v", alt, "' ';'\n");
    }
    absl::StrAppend(&g, "  | 'w' a", level + 1, "\n  ;\n");
  }
  absl::StrAppend(&g, "a10 : 'end' ;\nWS : [ \\t\\r\\n]+ -> skip ;\n");
  return g;
}

TEST(SteeredKPathSuite, ReachesPathsRandomDerivationMisses) {
  auto g = testing::LoadG4Text("Deep.g4", DeepChainGrammar(), "start");
  ASSERT_TRUE(g.ok()) << g.status();
  SymbolGraph graph(**g);
  Weights weights(**g);
  for (int k : {2, 3}) {
    KPathSuiteOptions greedy;
    greedy.k = k;
    greedy.max_derivations = 2000;
    const KPathSuite random = BuildKPathSuite(graph, weights, greedy);
    EXPECT_LT(random.covered, random.grammar_paths) << k;
    SteeredSuiteOptions opt;
    opt.k = k;
    const SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
    EXPECT_EQ(s.suite.covered, s.suite.grammar_paths) << k;
    EXPECT_TRUE(s.given_up_paths.empty());
    KPathCoverage measured(graph, k);
    Measure(**g, s.suite.inputs, opt.max_bytes, &measured);
    EXPECT_EQ(measured.covered(), s.suite.covered);
    // The deepest path is there: a9 -> a10 -> 'end'.
    EXPECT_NE(s.suite.inputs.end(),
              std::find_if(s.suite.inputs.begin(), s.suite.inputs.end(),
                           [](const std::string& in) {
                             return in.find("end") != std::string::npos;
                           }));
  }
}

// A parse may read the cheapest derivation otherwise: as in SQLite, where
// "GENERATED ALWAYS AS (0)" right after a column name is a type name, the
// cheapest text for `col/constraint -> constraint/GEN` here, "a gen as
// (0)", parses with `gen as (0)` as the type. The first attempt follows the
// cheapest route and loses the path; a retry with detours (another
// constraint first, or a type name) keeps it.
TEST(SteeredKPathSuite, RetriesWithDetoursAroundAnAmbiguity) {
  auto g =
      testing::LoadG4Text("Amb.g4",
                          "grammar Amb;\ns : col EOF ;\n"
                          "col : NAME typeName? constraint* ;\n"
                          "typeName : name+ ( '(' NUM ')' )? ;\n"
                          "name : NAME | GEN | AS ;\n"
                          "constraint : GEN AS '(' NUM ')' | NOT NULL ;\n"
                          "GEN : 'gen' ;\nAS : 'as' ;\nNOT : 'not' ;\n"
                          "NULL : 'null' ;\nNUM : [0-9]+ ;\nNAME : [a-z]+ ;\n"
                          "WS : [ ]+ -> skip ;\n",
                          "s");
  ASSERT_TRUE(g.ok()) << g.status();
  SymbolGraph graph(**g);
  Weights weights(**g);
  const std::string target = "col/constraint -> constraint/GEN";
  for (int attempts : {1, 4}) {
    SteeredSuiteOptions opt;
    opt.k = 2;
    opt.close_off = CloseOff::kShortest;
    opt.attempts = attempts;
    const SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
    bool given_up = false;
    for (const GivenUpPath& p : s.given_up_paths) {
      if (graph.Describe(p.path) != target) continue;
      given_up = true;
      EXPECT_EQ(p.reason, GiveUpReason::kPathLost);
    }
    EXPECT_EQ(given_up, attempts == 1) << attempts;
    KPathCoverage measured(graph, 2);
    Measure(**g, s.suite.inputs, opt.max_bytes, &measured);
    EXPECT_EQ(measured.covered(), s.suite.covered);
  }
}

// Paths no parse can hold are given up once each, and exactly those: with
// `e : e '*' e | e '+' e | INT`, ANTLR invokes the right operand of '*'
// (e#1) with a precedence no operator passes, and that of '+' (e#2) with
// one only '*' passes ('+' is left-associative); nor does the left operand
// of '*' (its self-reference e(left)#1) ever hold a '+' without
// parentheses. The symbol graph allows all twelve.
TEST(SteeredKPathSuite, GivesUpExactlyThePathsPrecedenceForbids) {
  auto g = testing::LoadG4Text("Prec.g4",
                               "grammar Prec;\ns : e EOF ;\n"
                               "e : e '*' e | e '+' e | INT ;\n"
                               "INT : [0-9]+ ;\nWS : [ ]+ -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  SymbolGraph graph(**g);
  Weights weights(**g);
  SteeredSuiteOptions opt;
  opt.k = 2;
  const SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
  std::set<std::string> given_up;
  for (const GivenUpPath& p : s.given_up_paths) {
    given_up.insert(graph.Describe(p.path));
  }
  const std::set<std::string> forbidden = {
      "e/e#1 -> e/'*'",       "e/e#1 -> e/'+'",
      "e/e#1 -> e/e#1",       "e/e#1 -> e/e#2",
      "e/e#1 -> e/e(left)#1", "e/e#1 -> e/e(left)#2",
      "e/e#2 -> e/'+'",       "e/e#2 -> e/e#2",
      "e/e#2 -> e/e(left)#2", "e/e(left)#1 -> e/'+'",
      "e/e(left)#1 -> e/e#2", "e/e(left)#1 -> e/e(left)#2"};
  EXPECT_EQ(given_up, forbidden);
  EXPECT_EQ(s.suite.grammar_paths, 35u);
  EXPECT_EQ(s.suite.covered, 35u - 12u);
  KPathCoverage measured(graph, 2);
  Measure(**g, s.suite.inputs, opt.max_bytes, &measured);
  EXPECT_EQ(measured.covered(), s.suite.covered);
}

}  // namespace
}  // namespace grammut
