// Tests for PackTree/UnpackTree: every tree comes back exactly, and bytes
// that are not a packed tree are refused without reading out of bounds.
#include "tree/tree_codec.h"

#include <string>

#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

void ExpectRoundTrip(const Tree& tree) {
  std::string packed;
  PackTree(tree, &packed);
  Tree back;
  ASSERT_TRUE(UnpackTree(packed, &back));
  testing::ExpectSameTree(tree, back);
}

TEST(TreeCodec, ParsedSamplesOfEveryGrammarComeBackExactly) {
  for (const std::string& name : testing::ShippedGrammars()) {
    SCOPED_TRACE(name);
    testing::LearnedKit kit(name);
    for (const std::string& f : testing::Samples(name)) {
      auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
      ASSERT_TRUE(r.ok()) << f;
      ExpectRoundTrip(r->tree);
    }
  }
}

TEST(TreeCodec, GeneratedAndEditedTreesComeBackExactly) {
  testing::LearnedKit kit("sqlite");
  Rng rng(7);
  GenerateOptions options;
  Tree a, b, spliced;
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(
        kit.generator.Generate(kit.grammar->start_rule(), rng, options, &a));
    ASSERT_TRUE(
        kit.generator.Generate(kit.grammar->start_rule(), rng, options, &b));
    ExpectRoundTrip(a);
    // An edit leaves the replaced nodes' steps behind in the pool and
    // shifts depths: the packed form holds only what the nodes refer to.
    const int at = static_cast<int>(rng.Below(a.size()));
    const int from = static_cast<int>(rng.Below(b.size()));
    spliced.AssignSplice(a, at, b, from, " ", "");
    ExpectRoundTrip(spliced);
  }
}

TEST(TreeCodec, ErrorTokensAndTrailerComeBack) {
  Tree t;
  const int root = t.BeginRule(3);
  t.AddToken(-1, "  ", "x", /*is_error=*/true);
  const int inner = t.BeginRule(0);
  t.AddStep(inner, {7, 2, 0});
  t.AddStep(inner, {-5, 65535, 65535});
  t.EndRule(inner);
  t.AddToken(70000, "", "");
  t.EndRule(root);
  t.set_trailer("\n\n");
  ExpectRoundTrip(t);
}

TEST(TreeCodec, RefusesEveryTruncationAndCorruptionSafely) {
  testing::LearnedKit kit("json");
  auto r = kit.parser.Parse(
      testing::ReadFileOrDie(testing::Samples("json").front()));
  ASSERT_TRUE(r.ok());
  std::string packed;
  PackTree(r->tree, &packed);
  Tree out;
  for (size_t n = 0; n < packed.size(); ++n) {
    EXPECT_FALSE(UnpackTree(packed.substr(0, n), &out)) << n;
  }
  EXPECT_FALSE(UnpackTree(packed + "x", &out));
  // Any single byte changed: refused or unpacked into some tree, never a
  // crash; what comes back has no more nodes than the bytes allow.
  for (size_t i = 0; i < packed.size(); ++i) {
    std::string bad = packed;
    bad[i] = static_cast<char>(bad[i] ^ 0xA5);
    if (UnpackTree(bad, &out))
      EXPECT_LE(out.size(), static_cast<int>(bad.size()));
  }
}

TEST(TreeCodec, PacksToAFractionOfTheTreesMemory) {
  testing::LearnedKit kit("sqlite");
  size_t tree_bytes = 0, packed_bytes = 0;
  std::string packed;
  for (const std::string& f : testing::Samples("sqlite")) {
    auto r = kit.parser.Parse(testing::ReadFileOrDie(f));
    ASSERT_TRUE(r.ok());
    r->tree.ShrinkToFit();
    tree_bytes += r->tree.MemoryBytes();
    PackTree(r->tree, &packed);
    packed_bytes += packed.size();
  }
  EXPECT_LT(packed_bytes * 3, tree_bytes)
      << packed_bytes << " of " << tree_bytes;
}

}  // namespace
}  // namespace grammut
