// The stable hashes are the same in every process and build: golden values.
#include "base/fingerprint.h"

#include "gtest/gtest.h"

namespace grammut {
namespace {

TEST(Fingerprint, Fnv1a64IsTheStandardFnv1a) {
  EXPECT_EQ(Fnv1a64(""), kFnvOffset);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
}

TEST(Fingerprint, StableHash64HasFixedValuesAndOrderMatters) {
  EXPECT_EQ(StableHash64(kFnvOffset, 0), 0xd96c79c61cf952d4ULL);
  EXPECT_EQ(StableHash64(StableHash64(kFnvOffset, 1), 2),
            0xb208fd9ee6e22310ULL);
  EXPECT_EQ(StableHash64(StableHash64(kFnvOffset, 2), 1),
            0xde89022a511ff0ecULL);
  static_assert(StableHash64(1, 2) != StableHash64(2, 1));
}

}  // namespace
}  // namespace grammut
