// Tests for Tree: preorder arena, byte offsets, splices, child edits.
#include "tree/tree.h"

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

// Recomputes what the tree's bookkeeping claims, the slow way: every
// subtree's size, its text (concatenated tokens) and its byte offset.
void ExpectConsistent(const Tree& t) {
  std::string text;
  for (int i = 0; i < t.size(); ++i) {
    const Node& n = t.node(i);
    EXPECT_EQ(n.text_begin, text.size()) << "node " << i;
    if (!n.is_rule) {
      text += std::string(t.token_trivia(i)) + std::string(t.token_text(i));
    }
  }
  EXPECT_EQ(t.Text(), text + t.trailer());
  for (int i = 0; i < t.size(); ++i) {
    // Subtree i ends before the first later node that is not deeper.
    std::string sub;
    int end = i + 1;
    while (t.node(i).is_rule && end < t.size() &&
           t.node(end).depth > t.node(i).depth) {
      ++end;
    }
    ASSERT_EQ(t.End(i), end) << "size of node " << i;
    for (int k = i; k < end; ++k) {
      if (!t.node(k).is_rule) {
        sub += std::string(t.token_trivia(k)) + std::string(t.token_text(k));
      }
    }
    EXPECT_EQ(t.SubtreeText(i), sub) << "node " << i;
  }
}

TEST(Tree, PreorderSizesAndText) {
  Tree t = Sample();
  ASSERT_EQ(t.size(), 6);
  EXPECT_EQ(t.node(0).size, 6u);
  EXPECT_EQ(t.Children(0), (std::vector<int>{1, 4}));
  EXPECT_EQ(t.ChildCount(0), 2);
  EXPECT_EQ(t.Parent(5), 4);
  EXPECT_EQ(t.Parent(0), -1);
  EXPECT_EQ(t.Text(), "x y z\n");
  EXPECT_EQ(t.TextSize(), 6u);
  EXPECT_EQ(t.SubtreeText(1), "x y");
  EXPECT_EQ(t.SubtreeSize(4), 2u);
  EXPECT_EQ(t.FirstToken(4), 5);
  EXPECT_EQ(t.TokenBefore(4), 3);
  EXPECT_EQ(t.TokenFrom(4), 5);
  ExpectConsistent(t);
}

TEST(Tree, SpliceKeepsLeadingTriviaAndFixesSizes) {
  Tree t = Sample();
  // Replace b (" z") by a copy of a ("x y"): b's trivia " " stays.
  Tree u;
  u.AssignSplice(t, 4, t, 1, " ", "");
  EXPECT_EQ(u.Text(), "x y x y\n");
  EXPECT_EQ(u.node(0).size, 7u);
  EXPECT_EQ(u.node(4).symbol, 1);
  EXPECT_EQ(u.node(4).depth, 1);
  ExpectConsistent(u);
  // And the other way: a replaced by b, so everything after shifts.
  Tree v;
  v.AssignSplice(t, 1, t, 4, "", "");
  EXPECT_EQ(v.Text(), "z z\n");
  EXPECT_EQ(v.node(0).size, 5u);
  ExpectConsistent(v);
}

TEST(Tree, SpliceInsertsSeparatorsAtBothSeams) {
  Tree t;
  int root = t.BeginRule(0);
  t.AddToken(1, "", "a");
  int r = t.BeginRule(1);
  t.AddToken(1, "", "b");
  t.EndRule(r);
  t.AddToken(1, "", "c");
  t.AddToken(1, "", "d");
  t.EndRule(root);
  Tree donor;
  int d = donor.BeginRule(1);
  donor.AddToken(1, "  ", "q");
  donor.AddToken(1, "", "r");
  donor.EndRule(d);
  Tree u;
  u.AssignSplice(t, 2, donor, 0, " ", " ");
  EXPECT_EQ(u.Text(), "a qr cd");
  ExpectConsistent(u);
  u.AssignSplice(t, 2, donor, 0, "", "");
  EXPECT_EQ(u.Text(), "aqrcd");
  ExpectConsistent(u);
}

TEST(Tree, SpliceOfAnEmptySubtree) {
  Tree t = Sample();
  Tree empty;
  int e = empty.BeginRule(2);
  empty.EndRule(e);
  Tree u;
  u.AssignSplice(t, 4, empty, 0, " ", "");
  EXPECT_EQ(u.Text(), "x y\n");
  EXPECT_EQ(u.node(0).size, 5u);
  ExpectConsistent(u);
  // And an empty subtree replaced by tokens.
  Tree w;
  w.AssignSplice(u, 4, t, 4, " ", "");
  EXPECT_EQ(w.Text(), "x y z\n");
  ExpectConsistent(w);
}

TEST(Tree, ChildrenDeletedAndDuplicated) {
  Tree t = Sample();
  // Root children: a(1), b(4). Replace [0,2) by b, a, a.
  Tree u;
  const std::vector<int> parts = {4, 1, 1};
  u.AssignChildren(t, 0, 0, 2, parts, {});
  EXPECT_EQ(u.Text(), " zx yx y\n");
  EXPECT_EQ(u.node(0).size, 1u + 2 + 3 + 3);
  EXPECT_EQ(u.ChildCount(0), 3);
  ExpectConsistent(u);
  // Delete b; the root's steps are replaced.
  Tree v;
  const std::vector<DerivationStep> steps = {DerivationStep{0, 1, 0}};
  v.AssignChildren(t, 0, 1, 2, {}, steps);
  EXPECT_EQ(v.Text(), "x y\n");
  ASSERT_EQ(v.steps(0).size(), 1u);
  ExpectConsistent(v);
}

TEST(Tree, NestedEditsKeepAncestorSizes) {
  // root(a(b(c "1") "2") "3"): replace c deep inside.
  Tree t;
  int root = t.BeginRule(0);
  int a = t.BeginRule(1);
  int b = t.BeginRule(2);
  int c = t.BeginRule(3);
  t.AddToken(1, "", "1");
  t.EndRule(c);
  t.AddToken(1, " ", "2");
  t.EndRule(b);
  t.EndRule(a);
  t.AddToken(1, " ", "3");
  t.EndRule(root);
  Tree donor;
  int d = donor.BeginRule(3);
  int d2 = donor.BeginRule(4);
  donor.AddToken(1, "", "long");
  donor.EndRule(d2);
  donor.AddToken(1, "", "er");
  donor.EndRule(d);
  Tree u;
  u.AssignSplice(t, 3, donor, 0, "", "");
  EXPECT_EQ(u.Text(), "longer 2 3");
  EXPECT_EQ(u.node(0).size, static_cast<uint32_t>(t.size() + 2));
  EXPECT_EQ(u.node(1).size, static_cast<uint32_t>(t.node(1).size + 2));
  EXPECT_EQ(u.node(2).size, static_cast<uint32_t>(t.node(2).size + 2));
  ExpectConsistent(u);
}

TEST(Tree, InsertTriviaShiftsWhatFollows) {
  Tree t = Sample();
  t.InsertTrivia(3, "\t");
  EXPECT_EQ(t.Text(), "x\t y z\n");
  ExpectConsistent(t);
}

TEST(Tree, CompactCopyDropsUnreferencedSteps) {
  Tree t = Sample();
  t.AddStep(1, DerivationStep{7, 1, 0});
  t.AddStep(4, DerivationStep{8, 2, 0});
  Tree u;
  u.AssignSplice(t, 4, t, 1, " ", "");  // leaves b's steps behind
  Tree c;
  c.AssignCompact(u);
  EXPECT_EQ(c.Text(), u.Text());
  ASSERT_EQ(c.steps(4).size(), 1u);
  EXPECT_EQ(c.steps(4)[0].decision, 7);
  EXPECT_LT(c.MemoryBytes(), u.MemoryBytes() + 1);
  ExpectConsistent(c);
}

// A subtree copied into a tree that held a larger one: the copy is the
// subtree alone (root at depth 0, its steps, no trailer), in the old
// buffers.
TEST(Tree, AssignSubtreeReusesBuffers) {
  Tree t = Sample();
  t.AddStep(1, DerivationStep{7, 1, 0});
  t.AddStep(4, DerivationStep{8, 2, 0});
  Tree c;
  c.AssignSubtree(t, 0);
  const Node* buffer = c.nodes().data();
  c.AssignSubtree(t, 1);
  EXPECT_EQ(c.nodes().data(), buffer);
  EXPECT_EQ(c.Text(), "x y");
  ASSERT_EQ(c.size(), 3);
  EXPECT_EQ(c.node(0).depth, 0);
  EXPECT_EQ(c.node(1).depth, 1);
  ASSERT_EQ(c.steps(0).size(), 1u);
  EXPECT_EQ(c.steps(0)[0].decision, 7);
  ExpectConsistent(c);
  c.AssignSubtree(t, 4);
  EXPECT_EQ(c.Text(), " z");
  ASSERT_EQ(c.steps(0).size(), 1u);
  EXPECT_EQ(c.steps(0)[0].decision, 8);
  ExpectConsistent(c);
}

TEST(Tree, AssignSubtreeWithTextsRenamesTokensAndKeepsTrivia) {
  Tree t = Sample();
  t.AddStep(1, DerivationStep{7, 1, 0});
  Tree c;
  // Subtree a (nodes 1-3: "x", " y"): y becomes "longer", x stays.
  const std::pair<int, absl::string_view> texts[] = {{3, "longer"}};
  c.AssignSubtreeWithTexts(t, 1, texts);
  EXPECT_EQ(c.Text(), "x longer");
  ASSERT_EQ(c.size(), 3);
  EXPECT_EQ(c.token_text(2), "longer");
  EXPECT_EQ(c.token_trivia(2), " ");
  ASSERT_EQ(c.steps(0).size(), 1u);
  EXPECT_EQ(c.steps(0)[0].decision, 7);
  ExpectConsistent(c);
  // The whole tree, two tokens renamed (one shorter, one longer).
  const std::pair<int, absl::string_view> both[] = {{2, ""}, {5, "zz"}};
  c.AssignSubtreeWithTexts(t, 0, both);
  EXPECT_EQ(c.Text(), " y zz");
  ExpectConsistent(c);
}

}  // namespace
}  // namespace grammut
