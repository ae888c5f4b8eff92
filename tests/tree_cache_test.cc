// Tests for BoundedMap (every bounded table of the mutator) and TreeCache.
#include "mutate/cache/tree_cache.h"

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tree/tree_codec.h"
#include "gtest/gtest.h"
#include "base/bounded_map.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

TEST(BoundedMap, EvictsTheOldestWhileOverTheBound) {
  BoundedMap<int> m(/*max_cost=*/3);
  m.Put(1, 10);
  m.Put(2, 20);
  m.Put(3, 30);
  m.Put(4, 40);
  EXPECT_FALSE(m.Contains(1));
  EXPECT_EQ(*m.Find(2), 20);
  EXPECT_EQ(m.size(), 3u);
  // Costs: one entry of cost 2 pushes out the two oldest.
  m.Put(5, 50, /*cost=*/2);
  EXPECT_FALSE(m.Contains(2));
  EXPECT_FALSE(m.Contains(3));
  EXPECT_TRUE(m.Contains(4));
  EXPECT_EQ(m.cost(), 3u);
}

TEST(BoundedMap, ReplacingKeepsThePlaceAndTakeRemoves) {
  BoundedMap<int> m(2);
  m.Put(1, 10);
  m.Put(2, 20);
  m.Put(1, 11);  // replaced: still the oldest
  m.Put(3, 30);
  EXPECT_FALSE(m.Contains(1));
  EXPECT_EQ(m.Take(2), 20);
  EXPECT_FALSE(m.Take(2).has_value());
  m.Put(4, 40);
  m.Put(5, 50);  // 3 goes; the taken 2 left a stale slot that is skipped
  EXPECT_FALSE(m.Contains(3));
  EXPECT_TRUE(m.Contains(4) && m.Contains(5));
}

TEST(BoundedMap, RingGrowsAndWrapsWithoutLosingOrder) {
  BoundedMap<int> m(100);
  for (int i = 0; i < 1000; ++i) m.Put(i, i);
  EXPECT_EQ(m.size(), 100u);
  for (int i = 900; i < 1000; ++i) EXPECT_TRUE(m.Contains(i)) << i;
  EXPECT_FALSE(m.Contains(899));
}

TEST(BoundedMap, TouchedEntriesGetASecondChance) {
  BoundedMap<int> m(3);
  m.Put(1, 10);
  m.Put(2, 20);
  m.Put(3, 30);
  ASSERT_NE(m.Touch(1), nullptr);  // 1 is in use
  m.Put(4, 40);                    // 1 goes to the back; 2 goes
  EXPECT_TRUE(m.Contains(1));
  EXPECT_FALSE(m.Contains(2));
  m.Put(5, 50);  // 3 goes; the line is now 4, 1, 5
  EXPECT_FALSE(m.Contains(3));
  m.Put(6, 60);  // 4 goes
  EXPECT_FALSE(m.Contains(4));
  EXPECT_TRUE(m.Contains(1));
  m.Put(7, 70);  // 1's second chance is spent: it goes
  EXPECT_FALSE(m.Contains(1));
  EXPECT_TRUE(m.Contains(5) && m.Contains(6) && m.Contains(7));
}

TEST(BoundedMap, EvictedEntriesGoToTheHook) {
  BoundedMap<std::string> m(3);
  std::vector<std::pair<uint64_t, std::string>> evicted;
  auto hook = [&](uint64_t k, std::string&& v) {
    evicted.emplace_back(k, std::move(v));
  };
  for (uint64_t k = 1; k <= 5; ++k) m.Put(k, "v" + std::to_string(k), 1, hook);
  ASSERT_EQ(evicted.size(), 2u);
  EXPECT_EQ(evicted[0], (std::pair<uint64_t, std::string>{1, "v1"}));
  EXPECT_EQ(evicted[1], (std::pair<uint64_t, std::string>{2, "v2"}));
  // Replacing an entry is not an eviction.
  m.Put(5, "w5", 1, hook);
  EXPECT_EQ(evicted.size(), 2u);
}

// A map kept under its bound by Take (outputs credited late) must not keep
// a slot for every entry it ever held.
TEST(BoundedMap, TakenEntriesDoNotPileUp) {
  BoundedMap<int> m(4096);
  for (uint64_t i = 0; i < 1000000; ++i) {
    m.Put(i, 1);
    if (i % 2 == 0) m.Take(i);
  }
  EXPECT_EQ(m.size(), 4096u);
  EXPECT_LE(m.ring_capacity(), 4u * 4096 + 256);
  for (uint64_t i = 1000000 - 2 * 4096 + 1; i < 1000000; i += 2) {
    EXPECT_TRUE(m.Contains(i)) << i;  // the newest odd entries stayed
  }
}

// A one-token tree of `n` bytes that do not deflate (the same bytes in every
// call), so its packed form costs about what the text does.
std::shared_ptr<const CachedTree> TreeOfBytes(size_t n) {
  std::mt19937 rng(7);
  std::string text(n, ' ');
  for (char& c : text) c = static_cast<char>(rng() & 0xFF);
  auto e = std::make_shared<CachedTree>();
  const int root = e->tree.BeginRule(0);
  e->tree.AddToken(1, "", text);
  e->tree.EndRule(root);
  return e;
}

TEST(TreeCache, BoundedByTheMemoryTreesHold) {
  std::unique_ptr<Grammar> grammar = testing::LoadShipped("json");
  TreeCache cache(/*max_bytes=*/64 * 1024, *grammar);
  for (uint64_t h = 0; h < 100; ++h) cache.Put(h, TreeOfBytes(4096));
  EXPECT_LE(cache.bytes(), 64u * 1024);
  EXPECT_GE(cache.bytes(), 32u * 1024);
  EXPECT_LT(cache.size(), 16u);
  EXPECT_NE(cache.Find(99), nullptr);
  EXPECT_EQ(cache.Find(0), nullptr);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.misses(), 1u);
}

// Trees pushed out of the first tier are packed, and come back exactly
// (text, node count, clean flag, a working index) without a parse.
TEST(TreeCache, EntriesPushedOutComeBackUnpacked) {
  testing::LearnedKit kit("sqlite");
  std::vector<std::shared_ptr<const CachedTree>> trees;
  size_t total = 0;
  for (const std::string& f : testing::Samples("sqlite")) {
    auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
    ASSERT_TRUE(r.ok());
    auto e = std::make_shared<CachedTree>();
    e->tree = std::move(r->tree);
    e->clean = r->syntax_errors == 0;
    e->index.BuildAll(e->tree, *kit.grammar);
    total += e->MemoryBytes();
    trees.push_back(std::move(e));
  }
  ASSERT_GE(trees.size(), 10u);
  // Room for every tree packed, for about a quarter of them ready.
  TreeCache cache(total * 6 / 10, *kit.grammar);
  for (size_t h = 0; h < trees.size(); ++h) cache.Put(h, trees[h]);
  ASSERT_LE(cache.bytes(), cache.max_bytes());
  ASSERT_GT(cache.packed_size(), 0u);
  EXPECT_EQ(cache.size(), trees.size());  // nothing lost
  for (size_t h = 0; h < trees.size(); ++h) {
    std::shared_ptr<const CachedTree> back = cache.Find(h);
    ASSERT_NE(back, nullptr) << h;
    EXPECT_EQ(back->tree.Text(), trees[h]->tree.Text());
    EXPECT_EQ(back->tree.size(), trees[h]->tree.size());
    EXPECT_EQ(back->clean, trees[h]->clean);
    const int rule = back->tree.node(0).symbol;
    EXPECT_EQ(
        back->index.OfRule(back->tree, *kit.grammar, rule).size(),
        trees[h]->index.OfRule(trees[h]->tree, *kit.grammar, rule).size());
  }
  EXPECT_GT(cache.unpacked(), 0u);
  EXPECT_EQ(cache.misses(), 0u);
  EXPECT_LE(cache.bytes(), cache.max_bytes());
}

// Packed trees are deflated: sample trees whose packed forms need twice
// the packed tier's room all stay, and come back exactly.
TEST(TreeCache, PackedTreesAreDeflated) {
  testing::LearnedKit kit("sqlite");
  std::vector<std::shared_ptr<const CachedTree>> trees;
  size_t packed_total = 0;
  for (int round = 0; round < 4; ++round) {
    for (const std::string& f : testing::Samples("sqlite")) {
      auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
      ASSERT_TRUE(r.ok());
      auto e = std::make_shared<CachedTree>();
      e->tree = std::move(r->tree);
      e->index.BuildAll(e->tree, *kit.grammar);
      std::string packed;
      PackTree(e->tree, &packed);
      packed_total += packed.size();
      trees.push_back(std::move(e));
    }
  }
  // The packed tier gets 60% of the budget: half of the packed forms.
  TreeCache cache(packed_total / 2 * 10 / 6, *kit.grammar);
  for (size_t h = 0; h < trees.size(); ++h) cache.Put(h, trees[h]);
  ASSERT_GT(cache.packed_size(), trees.size() / 2);
  EXPECT_EQ(cache.size(), trees.size());
  for (size_t h = 0; h < trees.size(); ++h) {
    std::shared_ptr<const CachedTree> back = cache.Find(h);
    ASSERT_NE(back, nullptr) << h;
    EXPECT_EQ(back->tree.Text(), trees[h]->tree.Text());
    EXPECT_EQ(back->tree.size(), trees[h]->tree.size());
  }
  EXPECT_LE(cache.bytes(), cache.max_bytes());
}

// The ready tier is not held to a fixed share: while few trees are packed,
// trees stay ready (no inflating and indexing again) in the room the
// packed tier leaves, and the two together stay within the budget.
TEST(TreeCache, ReadyTreesUseTheRoomThePackedTierLeaves) {
  std::unique_ptr<Grammar> grammar = testing::LoadShipped("json");
  TreeCache cache(/*max_bytes=*/64 * 1024, *grammar);
  const size_t one = TreeOfBytes(4096)->MemoryBytes();
  const uint64_t fit = 64 * 1024 * 7 / 10 / one;  // ~70% of the budget
  ASSERT_GE(fit, 8u);
  for (uint64_t h = 0; h < fit; ++h) cache.Put(h, TreeOfBytes(4096));
  EXPECT_EQ(cache.packed_size(), 0u);
  EXPECT_EQ(cache.size(), fit);
  for (uint64_t h = fit; h < 4 * fit; ++h) {
    cache.Put(h, TreeOfBytes(4096));
    ASSERT_LE(cache.bytes(), cache.max_bytes()) << h;
  }
  EXPECT_GT(cache.packed_size(), 0u);
  EXPECT_NE(cache.Find(4 * fit - 1), nullptr);
}

// A one-token tree of `n` bytes that deflate to almost nothing.
std::shared_ptr<const CachedTree> TreeOfText(size_t n) {
  auto e = std::make_shared<CachedTree>();
  const int root = e->tree.BeginRule(0);
  e->tree.AddToken(1, "", std::string(n, 'x'));
  e->tree.EndRule(root);
  return e;
}

// A new tree put for the same bytes replaces the packed one: when it is
// pushed out in turn, the new tree is what comes back.
TEST(TreeCache, PuttingAgainReplacesThePackedEntry) {
  std::unique_ptr<Grammar> grammar = testing::LoadShipped("json");
  TreeCache cache(/*max_bytes=*/40 * 1024, *grammar);
  cache.Put(1, TreeOfText(4096));  // clean = false
  for (uint64_t h = 2; h < 11; ++h) cache.Put(h, TreeOfText(4096));
  ASSERT_GT(cache.packed_size(), 0u);
  auto clean = std::make_shared<CachedTree>(*TreeOfText(4096));
  clean->clean = true;
  cache.Put(1, clean);
  for (uint64_t h = 11; h < 21; ++h) cache.Put(h, TreeOfText(4096));
  std::shared_ptr<const CachedTree> back = cache.Find(1);
  EXPECT_EQ(cache.unpacked(), 1u);  // 1 was pushed out again, and packed
  ASSERT_NE(back, nullptr);
  EXPECT_TRUE(back->clean);
}

// Erase drops an entry from either tier and frees its room.
TEST(TreeCache, EraseDropsAnEntryFromEitherTier) {
  std::unique_ptr<Grammar> grammar = testing::LoadShipped("json");
  TreeCache cache(/*max_bytes=*/40 * 1024, *grammar);
  for (uint64_t h = 1; h < 11; ++h) cache.Put(h, TreeOfText(4096));
  ASSERT_GT(cache.packed_size(), 0u);
  ASSERT_LT(cache.packed_size(), cache.size());
  const size_t size = cache.size(), bytes = cache.bytes();
  EXPECT_TRUE(cache.Erase(1));   // packed (the oldest)
  EXPECT_TRUE(cache.Erase(10));  // ready (the newest)
  EXPECT_FALSE(cache.Erase(10));
  EXPECT_FALSE(cache.Erase(100));
  EXPECT_EQ(cache.size(), size - 2);
  EXPECT_LT(cache.bytes(), bytes);
  EXPECT_EQ(cache.Find(1), nullptr);
  EXPECT_EQ(cache.Find(10), nullptr);
  EXPECT_NE(cache.Find(9), nullptr);
}

}  // namespace
}  // namespace grammut
