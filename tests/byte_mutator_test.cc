// Tests for grammut's own byte mutator (used without LLVMFuzzerMutate).
#include "mutate/byte_mutator.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace grammut {
namespace {

// Every output of one edit of `input` over `seeds` seeds.
absl::flat_hash_set<std::string> Outputs(const std::string& input,
                                         size_t max_size,
                                         const std::vector<std::string>& words,
                                         int seeds) {
  absl::flat_hash_set<std::string> out;
  std::string text;
  for (int seed = 0; seed < seeds; ++seed) {
    Rng rng(seed);
    MutateBytes(input, max_size, ByteEdits{nullptr, words}, rng, &text);
    EXPECT_LE(text.size(), max_size);
    out.insert(text);
  }
  return out;
}

TEST(ByteMutate, InsertsAndWritesTheGrammarsWords) {
  const std::vector<std::string> words = {"zyxwvutsrq"};
  const auto with = Outputs("hello world", 64, words, 4000);
  EXPECT_TRUE(with.contains("zyxwvutsrqhello world"));  // inserted in front
  EXPECT_TRUE(with.contains("hello worldzyxwvutsrq"));  // inserted at the end
  EXPECT_TRUE(with.contains("zyxwvutsrqd"));            // written over
  for (const std::string& o : Outputs("hello world", 64, {}, 4000)) {
    EXPECT_FALSE(absl::StrContains(o, "zyx")) << o;
  }
}

TEST(ByteMutate, AWordNeverTakesAnOutputOverMaxSize) {
  const std::vector<std::string> words = {"zyxwvutsrq"};
  // Room for no insertion: only written over (or other edits).
  const auto full = Outputs("hello world", 11, words, 4000);
  EXPECT_TRUE(full.contains("zyxwvutsrqd"));
  EXPECT_FALSE(full.contains("zyxwvutsrqhello world"));
  // A word longer than the limit is never used.
  for (const std::string& o : Outputs("abc", 5, words, 2000)) {
    EXPECT_FALSE(absl::StrContains(o, "zyx")) << o;
  }
}

}  // namespace
}  // namespace grammut
