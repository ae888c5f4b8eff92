// tree.h: the compact parse tree every mutation works on.
//
// A Tree keeps its nodes in one vector in preorder. Each node knows the size
// of its subtree, so the children of node i are i+1, then i+1+size(i+1), and
// so on; a subtree is a contiguous range and copying one is copying a range.
// Token nodes hold their text and the leading trivia (skipped or hidden text
// before them) in one string, the text pool, which is always exactly the
// serialized tree (tokens in order) without the trailer: so the bytes of a
// subtree are one contiguous slice, every node knows where its slice starts
// (`text_begin`; for a rule node, where its first token's trivia starts) and
// a subtree's size in bytes is a subtraction.
//
// Rule nodes hold their derivation record: the (decision, alternative,
// child position) steps taken inside that rule invocation, in order. It is
// what learning counts and what loop edits use.
//
// Edits (AssignSplice, AssignChildren) build a tree from pieces of others
// with bulk copies into a tree whose buffers are reused, so a mutation costs
// copying arrays, not allocating.
#ifndef GRAMMUT_TREE_TREE_H_
#define GRAMMUT_TREE_TREE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace grammut {

// One step of a derivation: at `decision` the parser or generator took
// alternative `alt` (1-based) when the rule node had `child` children.
struct DerivationStep {
  int32_t decision = 0;
  uint16_t alt = 0;
  uint16_t child = 0;
};

// One node of a Tree (24 bytes: tokens and rules share the last fields).
struct Node {
  uint32_t size = 1;        // nodes in this subtree, itself included
  int32_t symbol = 0;       // rule index (rule nodes) or token type (tokens)
  uint32_t text_begin = 0;  // offset of the node's first byte in text()
  union {
    struct {                 // token nodes
      uint32_t text_size;    // trivia + text
      uint32_t trivia_size;  // leading trivia length
    };
    struct {                 // rule nodes
      uint32_t steps_begin;  // derivation steps
      uint32_t steps_size;
    };
    uint32_t kind_fields[2] = {0, 0};
  };
  uint16_t depth = 0;  // rule nesting depth (saturating)
  bool is_rule = false;
  bool is_error = false;  // a token the parser could not place
};
static_assert(sizeof(Node) == 24, "Node should stay small");

// A parse or derivation tree. Value type; copies are deep.
class Tree {
 public:
  Tree() = default;

  // Clear empties the tree and keeps its buffers for reuse.
  void Clear();

  // Building (preorder). Begin/EndRule bracket a rule node's children.
  int BeginRule(int rule);
  void EndRule(int node);
  // AppendSubtree adds a copy of subtree `node` of `src` (its text, steps
  // and nesting) as the next child of the innermost open rule node. Returns
  // the index of its last token node here, or -1 if it has none; sets
  // `*depth` (if not null) to how many levels it nests below its root.
  int AppendSubtree(const Tree& src, int node, int* depth = nullptr);
  // Appends a token node with leading `trivia` and `text`.
  int AddToken(int type, absl::string_view trivia, absl::string_view text,
               bool is_error = false);
  // ReplaceLastTokenText gives the last node, a token, the text `text`
  // (its trivia stays); false, and nothing changes, if the last node is no
  // token. The generator uses it to satisfy a predicate on the token just
  // written.
  bool ReplaceLastTokenText(absl::string_view text);
  // Appends a derivation step to rule node `node`.
  void AddStep(int node, DerivationStep step);
  // Sets the derivation steps of rule node `node`.
  void SetSteps(int node, absl::Span<const DerivationStep> steps);
  // Text after the last token (e.g. trailing whitespace).
  void set_trailer(absl::string_view t) { trailer_.assign(t.data(), t.size()); }
  const std::string& trailer() const { return trailer_; }

  // Access.
  int size() const { return static_cast<int>(nodes_.size()); }
  bool empty() const { return nodes_.empty(); }
  const Node& node(int i) const { return nodes_[i]; }
  const std::vector<Node>& nodes() const { return nodes_; }
  // One past the last node of subtree i.
  int End(int i) const { return i + static_cast<int>(nodes_[i].size); }
  // Token text without trivia, and trivia alone.
  absl::string_view token_text(int i) const;
  absl::string_view token_trivia(int i) const;
  absl::Span<const DerivationStep> steps(int i) const;
  // Children of node i, in order (allocates; for tests and tools).
  std::vector<int> Children(int i) const;
  int ChildCount(int i) const;
  // Parent of node i (-1 for the root). Linear time.
  int Parent(int i) const;
  // First and last token node inside subtree i, or -1.
  int FirstToken(int i) const;
  int LastToken(int i) const;
  // The nearest token node before node i, or at or after node i, or -1.
  int TokenBefore(int i) const;
  int TokenFrom(int i) const;
  // Bytes of subtree i (tokens with their trivia). Constant time.
  absl::string_view SubtreeText(int i) const;
  size_t SubtreeSize(int i) const;
  // The serialized tree without the trailer.
  absl::string_view text() const { return text_; }
  // Serialized bytes of the whole tree.
  std::string Text() const { return text_ + trailer_; }
  // Bytes the serialized tree has. Constant time.
  size_t TextSize() const { return text_.size() + trailer_.size(); }
  // Writes the serialized tree to out[0, TextSize()).
  void CopyText(char* out) const;
  // True if both trees serialize to the same bytes.
  bool SameText(const Tree& o) const {
    return text_ == o.text_ && trailer_ == o.trailer_;
  }
  // Heap bytes the tree holds (capacities, not sizes).
  size_t MemoryBytes() const {
    return nodes_.capacity() * sizeof(Node) + text_.capacity() +
           steps_.capacity() * sizeof(DerivationStep) + trailer_.capacity() +
           open_.capacity() * sizeof(int);
  }

  // AssignSplice makes *this a copy of `base` with subtree `at` replaced by
  // subtree `from` of `donor` (neither may be *this). The first token of the
  // replacement gets `lead` as its trivia; `right_sep` is inserted as trivia
  // before the first token after the replacement (callers only pass it when
  // that token has no trivia). Cost: copying base's arrays once.
  void AssignSplice(const Tree& base, int at, const Tree& donor, int from,
                    absl::string_view lead, absl::string_view right_sep);

  // AssignChildren makes *this a copy of `base` with children [first_child,
  // end_child) of rule node `parent` replaced by the subtrees `parts` (nodes
  // of base), in order, and `parent`'s derivation steps by `parent_steps`.
  void AssignChildren(const Tree& base, int parent, int first_child,
                      int end_child, absl::Span<const int> parts,
                      absl::Span<const DerivationStep> parent_steps);

  // InsertTrivia prepends `s` to the trivia of token node `token`. Linear.
  void InsertTrivia(int token, absl::string_view s);

  // Appends subtree `from` of `src` as a new subtree (depths shifted so that
  // its root has `depth`). Returns the new node's index.
  int AppendSubtree(const Tree& src, int from, int depth);
  // Makes *this a copy of subtree `from` of `src` (its root at depth 0),
  // reusing this tree's buffers: no allocation when they are large enough.
  void AssignSubtree(const Tree& src, int from);
  // The same, with token node `texts[k].first` of `src` (nodes of the
  // subtree, ascending) given the text `texts[k].second` (its trivia kept).
  // The texts must not point into *this.
  void AssignSubtreeWithTexts(
      const Tree& src, int from,
      absl::Span<const std::pair<int, absl::string_view>> texts);
  // Makes *this a copy of `src` without unreferenced derivation steps
  // (edits leave the replaced nodes' steps behind).
  void AssignCompact(const Tree& src);
  // Gives back unused buffer capacity (for trees kept long).
  void ShrinkToFit();
  // Makes room for `nodes` nodes, `text_bytes` bytes of text and `steps`
  // derivation steps (for a tree whose size is known before it is built).
  void Reserve(size_t nodes, size_t text_bytes, size_t steps);

 private:
  // Derivation steps the rule nodes in [begin, end) reference.
  size_t StepsIn(int begin, int end) const;
  // Adds `delta` to the size of every proper ancestor of node `i`.
  void GrowAncestors(int i, int delta);
  // Copies the steps of rule node `src_node` of `src` to the end of the
  // pool and points `n` at them.
  void CopySteps(const Tree& src, int src_node, Node* n);

  std::vector<Node> nodes_;
  std::string text_;  // tokens' trivia and text, in order
  std::vector<DerivationStep> steps_;
  std::string trailer_;
  std::vector<int> open_;  // rule nodes being built
};

// Calls visit(i, enclosing) for every node i of subtree `from` of `tree`,
// in preorder, where `enclosing` holds the rule nodes of that subtree that
// enclose i (outermost first; not i itself). `open` is the caller's buffer
// for them, reused from call to call.
template <typename Visit>
void ForEachNodeWithEnclosingRules(const Tree& tree, int from,
                                   std::vector<int>* open, Visit visit) {
  open->clear();
  const int end = tree.End(from);
  for (int i = from; i < end; ++i) {
    while (!open->empty() && tree.End(open->back()) <= i) open->pop_back();
    visit(i, absl::Span<const int>(*open));
    if (tree.node(i).is_rule) open->push_back(i);
  }
}

}  // namespace grammut

#endif  // GRAMMUT_TREE_TREE_H_
