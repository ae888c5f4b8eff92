// Tests for Compressor: what it deflates inflates back exactly, and
// anything else is refused.
#include "base/compressor.h"

#include <string>

#include "gtest/gtest.h"

namespace grammut {
namespace {

TEST(Compressor, RoundTripsAndShrinksRepetitiveBytes) {
  Compressor z;
  std::string in;
  for (int i = 0; i < 200; ++i) in += "expr expr term factor 12 ";
  std::string small, back;
  ASSERT_TRUE(z.Compress(in, &small));
  EXPECT_LT(small.size(), in.size() / 4);
  ASSERT_TRUE(z.Expand(small, in.size(), &back));
  EXPECT_EQ(back, in);
  // The streams are reused: a second, different input round trips too.
  const std::string other = "a";
  ASSERT_TRUE(z.Compress(other, &small));
  ASSERT_TRUE(z.Expand(small, other.size(), &back));
  EXPECT_EQ(back, other);
  ASSERT_TRUE(z.Compress("", &small));
  ASSERT_TRUE(z.Expand(small, 0, &back));
  EXPECT_EQ(back, "");
}

TEST(Compressor, RefusesAWrongSizeOrBytesItDidNotMake) {
  Compressor z;
  const std::string in(1000, 'q');
  std::string small, back;
  ASSERT_TRUE(z.Compress(in, &small));
  EXPECT_FALSE(z.Expand(small, in.size() - 1, &back));
  EXPECT_FALSE(z.Expand(small, in.size() + 1, &back));
  EXPECT_FALSE(z.Expand(small.substr(0, small.size() / 2), in.size(), &back));
  EXPECT_FALSE(z.Expand(small + "junk", in.size(), &back));
  EXPECT_FALSE(z.Expand("\xff\xfe not deflate", 20, &back));
  // Still works after refusing.
  ASSERT_TRUE(z.Expand(small, in.size(), &back));
  EXPECT_EQ(back, in);
}

}  // namespace
}  // namespace grammut
