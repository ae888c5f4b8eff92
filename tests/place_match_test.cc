// Tests for choosing by place: the match length of two places, the draw
// that prefers the longest match, and the places the tree index records.
#include "learn/place_match.h"

#include <string>
#include <vector>

#include "parse/parser.h"
#include "gtest/gtest.h"
#include "mutate/donor_pool.h"
#include "mutate/cache/tree_index.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

TEST(PlaceMatch, CountsLeadingEqualRules) {
  const int32_t have[3] = {5, 7, 9};
  EXPECT_EQ(PlaceMatch({5, 7, 9}, have, 3), 3);
  EXPECT_EQ(PlaceMatch({5, 7, 1}, have, 3), 2);
  EXPECT_EQ(PlaceMatch({5, 1, 9}, have, 3), 1);  // in order only
  EXPECT_EQ(PlaceMatch({1, 7, 9}, have, 3), 0);
  EXPECT_EQ(PlaceMatch({5, 7, 9}, have, 2), 2);  // at most depth
  EXPECT_EQ(PlaceMatch({5}, have, 3), 1);        // at most want
  EXPECT_EQ(PlaceMatch({}, have, 3), 0);
}

TEST(InnermostFirst, TakesTheInnermostRulesReversed) {
  int32_t out[3] = {-9, -9, -9};
  const std::vector<int32_t> five = {1, 2, 3, 4, 5};
  ASSERT_EQ(InnermostFirst(five, 3, out), 3u);
  EXPECT_EQ(std::vector<int32_t>(out, out + 3),
            (std::vector<int32_t>{5, 4, 3}));
  const std::vector<int32_t> one = {7};
  ASSERT_EQ(InnermostFirst(one, 3, out), 1u);
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(InnermostFirst({}, 3, out), 0u);
  EXPECT_EQ(InnermostFirst(five, 0, out), 0u);
}

TEST(PickByPlace, NoneQualifies) {
  Rng rng(1);
  EXPECT_EQ(PickByPlace(
                0, 2, [](size_t) { return 0; }, rng),
            -1);
  EXPECT_EQ(PickByPlace(
                5, 2, [](size_t) { return -1; }, rng),
            -1);
}

// Candidate 3 matches two rules, 7 one, the others none, 0 and 9 do not
// qualify. The longest match is drawn most; back-off reaches every
// qualifying candidate; a candidate that does not qualify never comes.
TEST(PickByPlace, PrefersTheLongestMatchAndBacksOff) {
  const std::vector<int> levels = {-1, 0, 0, 2, 0, 0, 0, 1, 0, -1};
  Rng rng(7);
  std::vector<int> drawn(levels.size());
  constexpr int kDraws = 4000;
  for (int d = 0; d < kDraws; ++d) {
    const int64_t k = PickByPlace(
        levels.size(), 2, [&](size_t k) { return levels[k]; }, rng);
    ASSERT_GE(k, 0);
    ASSERT_GE(levels[k], 0) << k;
    ++drawn[k];
  }
  // Level 2 is chosen 3/4 of the time, plus its share of the back-offs.
  EXPECT_GT(drawn[3], kDraws * 6 / 10);
  for (size_t k = 1; k + 1 < levels.size(); ++k) EXPECT_GT(drawn[k], 0) << k;
  // Level 1 (candidates 3 and 7) before level 0: 7 beats each level-0 one.
  for (size_t k : {1, 2, 4, 5, 6, 8}) EXPECT_GT(drawn[7], drawn[k]) << k;
}

TEST(PickByPlace, LevelsAboveTheMaximumCountAsTheMaximum) {
  Rng rng(3);
  for (int d = 0; d < 100; ++d) {
    const int64_t k = PickByPlace(
        2, 1, [](size_t k) { return k == 0 ? 3 : -1; }, rng);
    EXPECT_EQ(k, 0);
  }
}

// The rules enclosing `node`, innermost first, `depth` of them (-1 past
// the root), found the slow way.
std::vector<int32_t> PlaceByParents(const Tree& tree, int node, int depth) {
  std::vector<int32_t> place;
  int p = tree.Parent(node);
  for (int k = 0; k < depth; ++k) {
    place.push_back(p >= 0 ? tree.node(p).symbol : -1);
    if (p >= 0) p = tree.Parent(p);
  }
  return place;
}

// TreeIndex records, for every rule node and every free token of the
// samples, exactly the rules its parent chain shows.
TEST(TreeIndexPlaces, MatchTheParentChain) {
  for (const std::string name : {"sqlite", "xml", "json"}) {
    auto grammar = testing::LoadShipped(name);
    Parser parser(*grammar);
    for (const std::string& file : testing::Samples(name)) {
      auto r = parser.Parse(testing::ReadFileOrDie(file));
      ASSERT_TRUE(r.ok()) << file;
      const Tree& tree = r->tree;
      TreeIndex index;
      int rule_nodes = 0;
      for (int rule = 0; rule < grammar->num_rules(); ++rule) {
        const auto nodes = index.OfRule(tree, *grammar, rule);
        const auto places = index.PlacesOfRule(tree, *grammar, rule);
        ASSERT_EQ(places.size(), nodes.size() * kRulePlaceDepth);
        for (size_t k = 0; k < nodes.size(); ++k, ++rule_nodes) {
          const std::vector<int32_t> want =
              PlaceByParents(tree, nodes[k], kRulePlaceDepth);
          EXPECT_EQ(
              std::vector<int32_t>(places.begin() + k * kRulePlaceDepth,
                                   places.begin() + (k + 1) * kRulePlaceDepth),
              want)
              << file << " node " << nodes[k];
          const auto own = index.PlaceOf(tree, *grammar, nodes[k]);
          EXPECT_EQ(std::vector<int32_t>(own.begin(), own.end()), want);
        }
      }
      EXPECT_GT(rule_nodes, 0) << file;
      const auto& tokens = index.FreeTokens(tree, *grammar);
      const auto& token_places = index.FreeTokenRules(tree, *grammar);
      ASSERT_EQ(token_places.size(), tokens.size() * kTokenPlaceDepth);
      for (size_t k = 0; k < tokens.size(); ++k) {
        EXPECT_EQ(std::vector<int32_t>(
                      token_places.begin() + k * kTokenPlaceDepth,
                      token_places.begin() + (k + 1) * kTokenPlaceDepth),
                  PlaceByParents(tree, tokens[k], kTokenPlaceDepth))
            << file << " token " << tokens[k];
      }
    }
  }
}

// A donor is drawn from its own place when one is asked for: in
// `CREATE TABLE t(a INTEGER)`, the identifiers are a table name, a column
// name and a type name, each in a place of its own.
TEST(DonorPoolPlaces, DrawsFromTheWantedPlaceFirst) {
  auto grammar = testing::LoadShipped("sqlite");
  Parser parser(*grammar);
  auto r = parser.Parse("CREATE TABLE tbl(col INTEGER);");
  ASSERT_TRUE(r.ok());
  const Tree& tree = r->tree;
  DonorPool pool(grammar->num_rules(), size_t{1} << 20);
  pool.AddTree(tree, 1);
  const int identifier = grammar->FindRule("identifier");
  ASSERT_GE(identifier, 0);
  ASSERT_EQ(pool.count(identifier), 3u);
  TreeIndex index;
  const auto nodes = index.OfRule(tree, *grammar, identifier);
  ASSERT_EQ(nodes.size(), 3u);
  for (int32_t node : nodes) {
    const auto want = index.PlaceOf(tree, *grammar, node);
    Rng rng(node);
    int same = 0;
    constexpr int kDraws = 400;
    for (int d = 0; d < kDraws; ++d) {
      const Tree* donor = pool.Pick(identifier, rng, want);
      ASSERT_NE(donor, nullptr);
      same += donor->SubtreeText(0) == tree.SubtreeText(node);
    }
    // Its own place alone is drawn 3/4 of the time, and more with its
    // share of the back-offs.
    EXPECT_GT(same, kDraws * 6 / 10) << tree.SubtreeText(node);
  }
}

}  // namespace
}  // namespace grammut
