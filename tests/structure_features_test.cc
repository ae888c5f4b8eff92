// Tests for k-path features (StructureFeatures, Mutator::
// WriteStructureFeatures): what they write and for which tree.
#include "mutate/structure_features.h"

#include <set>
#include <string>
#include <vector>

#include "kpath/kpath.h"
#include "parse/parser.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The counters set for `text`'s tree.
std::set<size_t> Written(StructureFeatures& f, Parser& parser,
                         const std::string& text, size_t size) {
  auto r = parser.Parse(text);
  EXPECT_TRUE(r.ok()) << text;
  std::vector<uint8_t> counters(size, 0);
  f.Write(r->tree, counters.data(), counters.size());
  std::set<size_t> set;
  for (size_t i = 0; i < size; ++i) {
    EXPECT_LE(counters[i], 1) << "presence only";
    if (counters[i] != 0) set.insert(i);
  }
  return set;
}

TEST(StructureFeatures, WritesExactlyTheHashedKPathsOfTheTree) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  auto r = parser.Parse("{\"a\": [1, true]}");
  ASSERT_TRUE(r.ok());
  SymbolGraph graph(*g);
  const size_t size = 1 << 16;  // large: collisions would be a surprise
  std::set<size_t> expected;
  KPathsOfTree(graph, r->tree, 2, [&](absl::Span<const int32_t> path) {
    expected.insert(KPathHash(path) % size);
  });
  ASSERT_FALSE(expected.empty());
  StructureFeatures f(*g, 2);
  EXPECT_EQ(Written(f, parser, "{\"a\": [1, true]}", size), expected);
}

TEST(StructureFeatures, NewStructureSetsNewCountersSameStructureDoesNot) {
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  StructureFeatures f(*g, 2);
  const size_t size = 4096;
  const std::set<size_t> array = Written(f, parser, "[1, 2]", size);
  // Other numbers, same structure: the same features.
  EXPECT_EQ(Written(f, parser, "[7, 99]", size), array);
  // An object inside the array: k-paths the array of numbers lacks.
  const std::set<size_t> nested = Written(f, parser, "[1, {\"k\": 2}]", size);
  bool has_new = false;
  for (size_t i : nested) has_new |= array.count(i) == 0;
  EXPECT_TRUE(has_new);
}

TEST(StructureFeatures, MutatorWritesOnlyWhenTurnedOn) {
  for (int k : {0, 2}) {
    MutatorConfig config;
    config.kpath_features = k;
    auto m = std::move(*Mutator::Create(config, testing::LoadShipped("json")));
    std::vector<uint8_t> counters(4096, 0);
    m->WriteStructureFeatures("[1, {\"k\": 2}]", counters.data(),
                              counters.size());
    size_t set = 0;
    for (uint8_t c : counters) set += c;
    if (k == 0) {
      EXPECT_EQ(set, 0u);
    } else {
      EXPECT_GT(set, 0u);
      EXPECT_EQ(m->stats().structure_inputs, 1u);
    }
  }
}

TEST(StructureFeatures, MutatorUsesTheLastOutputsOwnTree) {
  MutatorConfig config;
  config.kpath_features = 2;
  config.arms = "regenerate";  // a tree operator: the output has a tree
  auto m = std::move(*Mutator::Create(config, testing::LoadShipped("json")));
  Parser parser(m->grammar());
  StructureFeatures f(m->grammar(), 2);
  std::string out;
  for (unsigned seed = 1; seed < 50 && out.empty(); ++seed) {
    std::string op;
    out = m->MutateString("[1, {\"k\": [true, null]}]", 4096, seed, &op);
    if (op == "bytes" || !parser.Parse(out).ok()) out.clear();
  }
  ASSERT_FALSE(out.empty());
  const uint64_t parses = m->parses();
  std::vector<uint8_t> got(4096, 0);
  m->WriteStructureFeatures(out, got.data(), got.size());
  EXPECT_EQ(m->parses(), parses) << "the output's tree is reused, not parsed";
  std::set<size_t> got_set;
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != 0) got_set.insert(i);
  }
  EXPECT_EQ(got_set, Written(f, parser, out, got.size()));
}

}  // namespace
}  // namespace grammut
