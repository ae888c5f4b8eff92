// Tests of the two-tier tree cache.
#include "mutator/tree_cache.h"

#include <memory>

#include "gtest/gtest.h"

namespace grammut {
namespace {

std::shared_ptr<const CachedTree> Entry(int errors) {
  auto e = std::make_shared<CachedTree>();
  e->syntax_errors = errors;
  return e;
}

TEST(TreeCache, OutputsDoNotEvictCorpusEntries) {
  // An empty entry costs a few hundred bytes: room for a few outputs.
  TreeCache cache(/*corpus_bytes=*/1 << 20, /*output_bytes=*/1024);
  cache.Put(1, Entry(1));
  for (uint64_t h = 100; h < 10000; ++h) cache.PutOutput(h, Entry(0));
  ASSERT_NE(cache.Find(1), nullptr);
  EXPECT_EQ(cache.Find(1)->syntax_errors, 1);
  EXPECT_EQ(cache.Find(100), nullptr);   // an old output went
  EXPECT_NE(cache.Find(9999), nullptr);  // the newest stays
}

TEST(TreeCache, PromoteMovesAnOutputToTheCorpusTier) {
  TreeCache cache(1 << 20, 1024);
  cache.PutOutput(5, Entry(2));
  EXPECT_TRUE(cache.Promote(5));
  EXPECT_FALSE(cache.Promote(5));  // already moved
  EXPECT_EQ(cache.corpus_size(), 1u);
  for (uint64_t h = 100; h < 10000; ++h) cache.PutOutput(h, Entry(0));
  ASSERT_NE(cache.Find(5), nullptr);
  EXPECT_EQ(cache.Find(5)->syntax_errors, 2);
}

TEST(TreeCache, EachTierStaysWithinItsBound) {
  TreeCache cache(2048, 1024);
  for (uint64_t h = 0; h < 1000; ++h) {
    cache.Put(h, Entry(0));
    cache.PutOutput(h + 5000, Entry(0));
    cache.Promote(h + 4990);
  }
  EXPECT_LE(cache.bytes(), 2048u + 1024u);
  EXPECT_GT(cache.size(), 0u);
  EXPECT_EQ(cache.Find(0), nullptr);    // oldest corpus entry evicted
  EXPECT_NE(cache.Find(999), nullptr);  // newest kept
}

TEST(TreeCache, ReplacingAnEntryKeepsTheNewOne) {
  TreeCache cache(1 << 20, 1 << 20);
  cache.Put(7, Entry(1));
  cache.Put(7, Entry(3));
  EXPECT_EQ(cache.Find(7)->syntax_errors, 3);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.Find(8), nullptr);
  EXPECT_EQ(cache.misses(), 1u);
}

}  // namespace
}  // namespace grammut
