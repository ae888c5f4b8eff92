// Tests for the glue's reading of libFuzzer's tables of recent compares:
// words and integers decoded in the layout libFuzzer keeps, pairs that say
// nothing left out, and a table of another layout refused.
#include "libfuzzer/libfuzzer_compares.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace grammut {
namespace {

constexpr size_t kWordsOffset = 32 * 2 * 4 + 32 * 2 * 8;

// A zeroed copy of the tables, with entries set as libFuzzer would.
struct Tables {
  std::vector<uint8_t> bytes =
      std::vector<uint8_t>(kLibFuzzerCompareTablesBytes, 0);
  void Word(size_t pair, int side, const std::string& w) {
    uint8_t* at = bytes.data() + kWordsOffset + (2 * pair + side) * 65;
    at[0] = static_cast<uint8_t>(w.size());
    std::memcpy(at + 1, w.data(), w.size());
  }
  void Ints32(size_t pair, uint32_t a, uint32_t b) {
    std::memcpy(bytes.data() + 8 * pair, &a, 4);
    std::memcpy(bytes.data() + 8 * pair + 4, &b, 4);
  }
  void Ints64(size_t pair, uint64_t a, uint64_t b) {
    std::memcpy(bytes.data() + 256 + 16 * pair, &a, 8);
    std::memcpy(bytes.data() + 256 + 16 * pair + 8, &b, 8);
  }
};

std::vector<std::string> Describe(const std::vector<ComparedPair>& pairs) {
  std::vector<std::string> out;
  for (const ComparedPair& p : pairs) {
    out.push_back(p.a + (p.number ? " #" : " ~") + p.b);
  }
  return out;
}

TEST(LibFuzzerCompares, DecodesWordsThenIntegers) {
  Tables t;
  t.Word(2, 0, "simple");
  t.Word(2, 1, "porter");
  t.Word(4, 0, "same");  // equal sides: nothing to learn
  t.Word(4, 1, "same");
  t.Word(31, 0, std::string(64, 'x'));  // the longest word
  t.Word(31, 1, std::string(64, 'y'));
  t.Ints32(3, 10, 4096);
  t.Ints32(5, 1, 0);  // two flags: left out
  t.Ints64(7, uint64_t{1} << 40, 3);
  t.Ints64(9, 7, 7);
  std::vector<ComparedPair> pairs = {{"stale", "entry", false}};
  ASSERT_TRUE(DecodeLibFuzzerCompares(t.bytes, &pairs));
  EXPECT_EQ(
      Describe(pairs),
      (std::vector<std::string>{
          "simple ~porter", std::string(64, 'x') + " ~" + std::string(64, 'y'),
          "10 #4096", "1099511627776 #3"}));
  // An empty table (nothing compared yet) reads as no pairs.
  ASSERT_TRUE(DecodeLibFuzzerCompares(Tables().bytes, &pairs));
  EXPECT_TRUE(pairs.empty());
}

TEST(LibFuzzerCompares, RefusesAnotherLayout) {
  Tables t;
  t.Word(0, 0, "ok");
  t.Word(0, 1, "no");
  t.bytes[kWordsOffset + 5 * 65] = 65;  // a size over libFuzzer's 64
  std::vector<ComparedPair> pairs = {{"stale", "entry", false}};
  EXPECT_FALSE(DecodeLibFuzzerCompares(t.bytes, &pairs));
  EXPECT_TRUE(pairs.empty());
  // Too short to hold the tables.
  pairs = {{"stale", "entry", false}};
  EXPECT_FALSE(DecodeLibFuzzerCompares(
      absl::MakeConstSpan(t.bytes).first(kLibFuzzerCompareTablesBytes - 1),
      &pairs));
  EXPECT_TRUE(pairs.empty());
  // A reader that met another layout never reads again.
  LibFuzzerCompares reader(t.bytes);
  reader.Read(&pairs);
  EXPECT_FALSE(reader.usable());
  t.bytes[kWordsOffset + 5 * 65] = 0;
  reader.Read(&pairs);
  EXPECT_TRUE(pairs.empty());
}

TEST(LibFuzzerCompares, ReadsTheTablesAsTheyChange) {
  Tables t;
  LibFuzzerCompares reader(t.bytes);
  std::vector<ComparedPair> pairs;
  reader.Read(&pairs);
  EXPECT_TRUE(pairs.empty());
  t.Word(1, 0, "abcdefghij");
  t.Word(1, 1, "qjxkzvwpmy");
  reader.Read(&pairs);
  EXPECT_EQ(Describe(pairs),
            std::vector<std::string>{"abcdefghij ~qjxkzvwpmy"});
  EXPECT_TRUE(reader.usable());
}

}  // namespace
}  // namespace grammut
