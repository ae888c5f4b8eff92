// Tests for Tree: preorder arena, subtree replacement, child edits.
#include "grammar_runtime/tree.h"

#include "gtest/gtest.h"

namespace grammut {
namespace {

// (root (a "x" " y") (b "z")) with trivia " " before y and z.
Tree Sample() {
  Tree t;
  int root = t.BeginRule(0);
  int a = t.BeginRule(1);
  t.AddToken(10, "", "x");
  t.AddToken(11, " ", "y");
  t.EndRule(a);
  int b = t.BeginRule(2);
  t.AddToken(12, " ", "z");
  t.EndRule(b);
  t.EndRule(root);
  t.set_trailer("\n");
  return t;
}

auto NoSpace = [](int, absl::string_view, int, absl::string_view) {
  return false;
};

TEST(Tree, PreorderSizesAndText) {
  Tree t = Sample();
  ASSERT_EQ(t.size(), 6);
  EXPECT_EQ(t.node(0).size, 6u);
  EXPECT_EQ(t.Children(0), (std::vector<int>{1, 4}));
  EXPECT_EQ(t.Parent(5), 4);
  EXPECT_EQ(t.Parent(0), -1);
  EXPECT_EQ(t.Text(), "x y z\n");
  EXPECT_EQ(t.TextSize(), 6u);
  EXPECT_EQ(t.SubtreeText(1), "x y");
  EXPECT_EQ(t.FirstToken(4), 5);
}

TEST(Tree, ReplaceSubtreeKeepsLeadingTriviaAndFixesSizes) {
  Tree t = Sample();
  // Replace b (" z") by a copy of a ("x y").
  Tree u = t.ReplaceSubtree(4, t, 1, NoSpace, " ");
  EXPECT_EQ(u.Text(), "x y x y\n");
  EXPECT_EQ(u.node(0).size, 7u);
  EXPECT_EQ(u.node(4).symbol, 1);
  EXPECT_EQ(u.node(4).depth, 1);
}

TEST(Tree, ReplaceSubtreeInsertsSeparatorsAtSeams) {
  Tree t;
  int root = t.BeginRule(0);
  t.AddToken(1, "", "a");
  int r = t.BeginRule(1);
  t.AddToken(1, "", "b");
  t.EndRule(r);
  t.AddToken(1, "", "c");
  t.EndRule(root);
  Tree donor;
  int d = donor.BeginRule(1);
  donor.AddToken(1, "", "q");
  donor.EndRule(d);
  auto always = [](int, absl::string_view, int, absl::string_view) {
    return true;
  };
  EXPECT_EQ(t.ReplaceSubtree(2, donor, 0, always, " ").Text(), "a q c");
  EXPECT_EQ(t.ReplaceSubtree(2, donor, 0, NoSpace, " ").Text(), "aqc");
}

TEST(Tree, ReplaceChildrenDeletesAndDuplicates) {
  Tree t = Sample();
  // Root children: a(1), b(4). Replace [0,2) by b, a, a.
  Tree u = t.ReplaceChildren(0, 0, 2, {4, 1, 1}, {});
  EXPECT_EQ(u.Text(), " zx yx y\n");
  EXPECT_EQ(u.node(0).size, 1u + 2 + 3 + 3);
  EXPECT_EQ(u.Children(0).size(), 3u);
  // Delete b.
  Tree v = t.ReplaceChildren(0, 1, 2, {}, {DerivationStep{0, 1, 0}});
  EXPECT_EQ(v.Text(), "x y\n");
  ASSERT_EQ(v.steps(0).size(), 1u);
}

}  // namespace
}  // namespace grammut
