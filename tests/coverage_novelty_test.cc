// Tests for CoverageNovelty: libFuzzer's features (counter, hit-count
// bucket) counted once each, whatever else the counters hold.
#include "libfuzzer/coverage_novelty.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace grammut {
namespace {

TEST(CoverageNovelty, CountsEachCounterBucketOnce) {
  std::vector<uint8_t> counters(37, 0);  // not a multiple of 8
  CoverageNovelty novelty(counters);
  EXPECT_EQ(novelty.Scan(), 0);  // nothing ran
  counters[3] = 1;
  counters[36] = 1;
  EXPECT_EQ(novelty.Scan(), 2);
  EXPECT_EQ(novelty.Scan(), 0);  // the same run again: nothing new
  // libFuzzer's buckets: 1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+.
  const struct {
    uint8_t count;
    int fresh;
  } steps[] = {{2, 1},   {3, 1},   {4, 1},  {7, 0},  {8, 1},
               {15, 0},  {16, 1},  {31, 0}, {32, 1}, {127, 0},
               {128, 1}, {255, 0}, {1, 0},  {5, 0},  {100, 0}};
  for (const auto& s : steps) {
    counters[3] = s.count;
    EXPECT_EQ(novelty.Scan(), s.fresh) << static_cast<int>(s.count);
  }
  counters.assign(counters.size(), 0);
  counters[10] = 9;
  counters[11] = 1;
  EXPECT_EQ(novelty.Scan(), 2);
}

// New code (a counter never seen non-zero) against a new hit count of
// known code.
TEST(CoverageNovelty, TellsNewCountersFromNewHitCounts) {
  std::vector<uint8_t> counters(16, 0);
  CoverageNovelty novelty(counters);
  counters[2] = 1;
  counters[9] = 5;
  EXPECT_EQ(novelty.Scan(), 2);
  EXPECT_EQ(novelty.last_new_edges(), 2);
  counters[9] = 40;  // a new bucket of a known counter
  EXPECT_EQ(novelty.Scan(), 1);
  EXPECT_EQ(novelty.last_new_edges(), 0);
  counters[12] = 1;  // and a new counter
  EXPECT_EQ(novelty.Scan(), 1);
  EXPECT_EQ(novelty.last_new_edges(), 1);
  EXPECT_EQ(novelty.Scan(), 0);
  EXPECT_EQ(novelty.last_new_edges(), 0);
}

TEST(CoverageNovelty, FindsACounterAtEveryPosition) {
  // Zero blocks are skipped whole: a counter anywhere, at a block's edge or
  // in the tail after the last whole block, is still found.
  std::vector<uint8_t> counters(71, 0);
  CoverageNovelty novelty(counters);
  for (size_t at = 0; at < counters.size(); ++at) {
    counters.assign(counters.size(), 0);
    counters[at] = 1;
    EXPECT_EQ(novelty.Scan(), 1) << at;
  }
  counters.assign(counters.size(), 1);
  EXPECT_EQ(novelty.Scan(), 0);  // every counter's bucket 1 already seen
}

TEST(CoverageNovelty, UnknownWithoutCounters) {
  CoverageNovelty novelty({});
  EXPECT_EQ(novelty.Scan(), -1);
  EXPECT_EQ(novelty.last_new_edges(), -1);
}

}  // namespace
}  // namespace grammut
